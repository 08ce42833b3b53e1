package bot

import (
	"fmt"
	"strings"

	"gpw/core"
	"gpw/game"
)

// Summary is what a turn changed: the cities that changed hands, the
// strength each side lost, the battles fought.
type Summary struct {
	Turn    string       // the turn that ended
	Taken   [2][]string  // cities each side took (control passed to it), in map order
	Lost    [2]int       // attack strength each side lost (steps and units)
	Battles int          // battles fought
	Held    [2][]string  // the objectives (cities of the victory conditions) each side holds at the end
	Result  []game.Event // the turn's victory and verdict events
}

func (s Summary) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "== end of %s: %d battles; strength lost: axis %d, soviet %d", s.Turn, s.Battles, s.Lost[core.Axis], s.Lost[core.Soviet])
	for _, side := range []core.Side{core.Axis, core.Soviet} {
		if len(s.Taken[side]) > 0 {
			fmt.Fprintf(&b, "\n   %s takes %s", side, strings.Join(s.Taken[side], ", "))
		}
	}
	if len(s.Held[core.Axis]) > 0 {
		fmt.Fprintf(&b, "\n   axis holds %s", strings.Join(s.Held[core.Axis], ", "))
	}
	return b.String() // the victory events are printed as they come
}

// snapshot is what a turn's summary is measured against.
type snapshot struct {
	control  []core.Side
	strength []int
	events   int
}

func snap(g *game.Game) snapshot {
	s := g.Position()
	sn := snapshot{control: make([]core.Side, len(s.Map.Cities)), strength: make([]int, len(s.Units)), events: len(g.Log())}
	for i, c := range s.Map.Cities {
		sn.control[i] = s.Control[c.Hex]
	}
	for k := range s.Units {
		if u := &s.Units[k]; u.Status == core.OnMap {
			sn.strength[k] = u.AttackNow()
		}
	}
	return sn
}

// summarise compares the game with the snapshot taken at the turn's
// start.
func summarise(g *game.Game, before snapshot, turn string) Summary {
	s := g.Position()
	sum := Summary{Turn: turn}
	for i, c := range s.Map.Cities {
		if now := s.Control[c.Hex]; now != before.control[i] && now != core.NoSide {
			sum.Taken[now] = append(sum.Taken[now], c.Name)
		}
	}
	// units placed or rebuilt during the turn count from that strength
	was := append([]int(nil), before.strength...)
	for _, e := range g.Log()[before.events:] {
		if e.Kind != game.EventPlace && e.Kind != game.EventRebuild {
			continue
		}
		if k, ok := s.UnitByID(fmt.Sprint(e.Get("unit"))); ok {
			if n, ok := e.Get("strength").(int); ok {
				was[k] = max(was[k], n)
			}
		}
	}
	for k := range s.Units {
		u := &s.Units[k]
		now := 0
		if u.Status == core.OnMap {
			now = u.AttackNow()
		}
		if u.Status == core.Withdrawn || u.Status == core.Removed {
			continue
		}
		if lost := was[k] - now; lost > 0 {
			sum.Lost[u.Side] += lost
		}
	}
	for _, e := range g.Log()[before.events:] {
		switch e.Kind {
		case game.EventCombat:
			sum.Battles++
		case game.EventVictory, game.EventVerdict:
			sum.Result = append(sum.Result, e)
		}
	}
	sum.Held = Objectives(g)
	return sum
}

// Objectives lists the cities named by the scenario's victory
// conditions that each side controls, in map order.
func Objectives(g *game.Game) [2][]string {
	var out [2][]string
	pos := g.Position()
	named := victoryNamed(g)
	for _, c := range pos.Map.Cities {
		if named[c.Name] {
			if side := pos.Control[c.Hex]; side == core.Axis || side == core.Soviet {
				out[side] = append(out[side], c.Name)
			}
		}
	}
	return out
}

// victoryNamed is the set of the cities the scenario's victory
// conditions name (cities and requirements) that the map has.
func victoryNamed(g *game.Game) map[string]bool {
	m := g.Position().Map
	named := map[string]bool{}
	for _, c := range g.Sc.Victory.Condition {
		for _, n := range append(append([]string(nil), c.Cities...), c.Require...) {
			if city, ok := m.FindCity(n); ok {
				named[city.Name] = true
			}
		}
	}
	return named
}

// Match plays a game between two players (bots, or a bot and a
// person): each side's bot plays when its side must act (a defender that
// may stand elects before the attacker picks the retreat: the engine's
// Actor says so).
type Match struct {
	G    *game.Game
	Bots [2]*Bot // nil for a side no bot plays
	// Others play the sides without a bot (a script's lines); Run stops
	// when a side with neither must act.
	Others [2]game.Player
	// OnTurn receives each turn's summary as the turn ends.
	OnTurn func(Summary)

	started    bool
	start      int // the turn the match began in
	turn       int
	name       string
	before     snapshot
	turnsLimit int
}

// PlayGame plays game g bot against bot until it ends, or for turns
// turns from where it stands when turns > 0, calling onTurn at the end
// of each turn.
func PlayGame(g *game.Game, axis, soviet *Bot, turns int, onTurn func(Summary)) error {
	m := &Match{G: g, Bots: [2]*Bot{axis, soviet}, OnTurn: onTurn}
	return m.Run(turns)
}

func (m *Match) begin() error {
	g := m.G
	g.KeepLog() // the turn summaries read the turn's events
	for _, b := range m.Bots {
		if b == nil {
			continue
		}
		if err := b.bind(g); err != nil {
			return err
		}
	}
	m.started = true
	m.start = g.Turn().Index
	m.turn, m.name = m.start, g.TurnName(m.start)
	m.before = snap(g)
	return nil
}

// Done reports whether the turns asked of the last Run have been played.
func (m *Match) Done() bool {
	return m.started && m.turnsLimit > 0 && m.turn-m.start >= m.turnsLimit
}

// Run plays until the game ends, a side without a bot or another player
// must act, or turns turns have been played since the match began (turns
// > 0). The players play through the engine's one game loop, game.Play;
// an error of one of them stops Run with it.
func (m *Match) Run(turns int) error {
	g := m.G
	if !m.started {
		if err := m.begin(); err != nil {
			return err
		}
	}
	m.turnsLimit = turns
	var players [2]game.Player
	for side, b := range m.Bots {
		if b != nil {
			players[side] = b
		} else {
			players[side] = m.Others[side]
		}
	}
	err := game.Play(g, players, func() bool {
		m.turnEnded() // a person, or the last bot, may have ended the turn
		side := Actor(g)
		return m.Done() || side == core.NoSide || players[side] == nil
	})
	if err != nil {
		return err
	}
	m.turnEnded()
	return nil
}

// Observe lets the match see each event as the game emits it (call it
// from the game's sink, before printing the event): the summary of a
// turn then comes as the next turn's first phase begins, before its
// events, rather than when a bot next returns.
func (m *Match) Observe(e game.Event) {
	if m.started && (e.Kind == game.EventPhase || e.Kind == game.EventEnd) {
		m.turnEnded()
	}
}

// turnEnded reports a turn that has ended since the last call.
func (m *Match) turnEnded() {
	g := m.G
	t := g.Turn().Index
	if t == m.turn && !(g.Over() && m.name != "") {
		return
	}
	if m.OnTurn != nil {
		m.OnTurn(summarise(g, m.before, m.name))
	}
	m.turn, m.name, m.before = t, g.TurnName(t), snap(g)
	if g.Over() {
		m.name = ""
	}
}

// Winner is the side the finished game's verdict names (the engine
// judges by the scenario's victory conditions and default winner),
// NoSide for a draw or a game not over.
func Winner(g *game.Game) core.Side {
	w, _, _ := g.Verdict()
	return w
}
