// Package bot plays either side of a game under any rules module: a
// computer player that reads the position as influence maps, splits the
// front into sectors with a posture each, and runs a priority-ordered loop
// of scored candidate actions proposed by named tactics (docs/bots.md).
//
// Legality comes only from the engine; the bot's own reading of the
// position (units, map, zones of control, supply) serves to judge.
package bot

import (
	"errors"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"strings"
	"time"

	"gpw/core"
	"gpw/game"
	"gpw/interp"
)

// Level is how well a bot plays: the noise added to its scores and the
// tactics it leaves out.
type Level struct {
	Name  string
	Noise float64  // standard deviation added to every score, in strength points
	Skip  []string // tactics it does not use
	// Random plays a uniformly random legal action instead of thinking.
	Random bool
	// Search is how many plans the bot compares by look-ahead for each
	// stretch of its player turn (search.go); 0: none.
	Search int
	// Holds are the least the level's player holds its objectives and
	// fortresses from (hold_objectives, hold_fortresses: hexes), whatever
	// its doctrine says; zero: the doctrine's. They are given to the
	// players ForGame makes, not to look-ahead helpers.
	Holds Holds
	Text  string
}

// Holds are a level's floors on its doctrine's holds (Level.Holds).
type Holds struct {
	Objectives, Fortresses float64
}

// hardHolds: the hard and expert players stand before their cities from
// 3 hexes out and before their fortresses and capital from 4 (docs/bots.md,
// "The ladder").
var hardHolds = Holds{Objectives: 3, Fortresses: 4}

// Levels are the bot's levels, weakest first.
var Levels = []Level{
	{Name: "random", Random: true, Text: "a uniformly random legal action each time"},
	{Name: "easy", Noise: 10, Skip: []string{"encircle", "pocket", "breakthrough", "garrison"},
		Text: "no encircling, pockets or breakthroughs, no garrisons sent to threatened cities, and noisy judgement"},
	{Name: "normal", Noise: 3, Text: "every tactic, some noise"},
	{Name: "hard", Holds: hardHolds, Text: "every tactic, no noise, its cities held from 3 hexes out, its fortresses and capital from 4"},
	{Name: "expert", Search: 9, Holds: hardHolds,
		Text: "hard, choosing its moves before and after combat among 6 plans and its attacks among 5, each played forward on copies of the game (a side that must win: the hard bot's moves, its attacks among 3)"},
}

// DefaultLevel is the level of --bot SIDE without =LEVEL.
const DefaultLevel = "normal"

// LevelByName finds a level.
func LevelByName(name string) (Level, error) {
	var names []string
	for _, l := range Levels {
		if l.Name == name {
			return l, nil
		}
		names = append(names, l.Name)
	}
	return Level{}, fmt.Errorf("unknown bot level %q (levels: %s)", name, strings.Join(names, ", "))
}

// Bot is a computer player for one side.
type Bot struct {
	Side     core.Side
	Level    Level
	Doctrine Doctrine
	// Say receives the bot's remarks (each said once), such as the
	// module commands it plays without; nil drops them.
	Say func(string)
	// Tactics counts the actions each tactic led to.
	Tactics map[string]int

	doctrineSet bool
	holds       Holds // the level's, for a player ForGame made
	rng         *rand.Rand
	said        map[string]bool
	skip        map[string]bool

	g         *game.Game
	e         *engine
	weighs    map[string]weighing
	lastWeigh weighing
	ratios    []float64
	lossByCol []float64
	random    *game.RandomPlayer // the random level's player

	view      *view // this phase's reading of the position
	viewPhase string
	turnView  *view // the player turn's first reading (its slow parts)
	turnKey   string
	retreats  map[int]retreatInfo
	ax        *axes       // this player turn's axes of advance (axes.go)
	stance    stanceState // the strategic posture (posture.go)
	costs     map[int]int // rebuild costs, -1 when not allowed, this phase

	// Judged counts the uses of each module command the bot looked ahead
	// at (Tactics counts those it made, as "module:WORD").
	Judged map[string]int

	moved       map[string]bool       // module words some use of which changed the look-ahead
	idle        map[string]int        // module words whose look-ahead over the turns last paid nothing, by turn
	flat        map[string]int        // module words' uses judged (looked ahead at, or by a helper) so far
	deep        map[string]deepRecord // module words' deep looks, for resting those that pay nothing (modrest.go)
	noModule    bool                  // a look-ahead helper: no module commands
	searchUses  int                   // module commands the search's helpers made on its clones (playPlan)
	quickModule bool                  // a search helper: module commands judged by what they change now only (no orders, no look over the turns)
	standStill  bool                  // a look-ahead helper: moves nothing (rail and move phases end at once)
	escaping    bool                  // the search's escape plan: threatened units step back (escape.go)
	searchDice  uint64                // the search's dice key (reply.go)
	kept        map[int]bool          // units the move phase leaves where they are (escape.go)
	skipAttacks bool                  // a look-ahead helper: ends its combat phases at once
	halt        func(*game.Game) bool // a look-ahead helper stops where this says
	modPhase    string                // the phase whose module commands were judged
	orderPhase  string                // the phase whose orders were judged (orders.go)
	ordered     map[string]bool       // module words judged as orders, by the enemy's attacks (orders.go)

	// Think is the time Play took in each of the side's player turns
	// (thinking and the engine carrying out its commands), by turn.
	Think map[int]time.Duration

	// Searched lists the expert's searches, a turn each (search.go).
	Searched   []SearchResult
	planKey    string                // the phase the stretch whose plan the bot plays began in ("" for none)
	planTurn   int                   // its turn
	planPhases []string              // its phases
	planned    map[uint64]searchPlan // the plans found, by the position the stretch began in
	base       Doctrine              // the doctrine the search's plans change
	baseSet    bool
	savedRNG   *rand.Rand // the bot's own stream, while a noisy plan plays
	victory    []int      // the victory conditions' city hexes

	// scratch for searches over the map
	stamp  []int32
	depth  []int8
	stampN int32
	queue  []int32
	rings  rings // spread's neighbourhoods (rings.go)
}

// phaseView is the side's reading of the position, made once a phase
// (a combat phase's battles change it little; targets read the state).
func (b *Bot) phaseView() *view {
	key := fmt.Sprintf("%d/%s", b.e.g.Turn().Index, b.e.g.Phase().ID)
	if b.view == nil || b.viewPhase != key {
		b.view, b.viewPhase = b.newView(b.e, b.Side), key
		b.clearCache()
		clear(b.costs)
	}
	return b.view
}

// New makes a bot for side at a level. A nil doctrine is read from the
// game at the first Play (the module's R.bot, then the scenario's [bot]).
// seed feeds the bot's own random stream, apart from the dice.
func New(side core.Side, level string, doctrine *Doctrine, seed uint64) (*Bot, error) {
	l, err := LevelByName(level)
	if err != nil {
		return nil, err
	}
	if side != core.Axis && side != core.Soviet {
		return nil, fmt.Errorf("bot: side %v is not axis or soviet", side)
	}
	b := &Bot{Side: side, Level: l, rng: rand.New(rand.NewPCG(seed, uint64(side)+0x5eed)), said: map[string]bool{},
		Tactics: map[string]int{}, Judged: map[string]int{}, moved: map[string]bool{}, idle: map[string]int{}, flat: map[string]int{}, ordered: map[string]bool{}, Think: map[int]time.Duration{}, skip: map[string]bool{}, weighs: map[string]weighing{}, retreats: map[int]retreatInfo{}, costs: map[int]int{}}
	for _, t := range l.Skip {
		b.skip[t] = true
	}
	if doctrine != nil {
		b.Doctrine, b.doctrineSet = *doctrine, true
	}
	return b, nil
}

// ForGame makes a bot for side in game g, seeded from the game's seed
// and the side, with the doctrine of the game's module and scenario
// (its holds raised to the level's Holds).
func ForGame(g *game.Game, side core.Side, level string) (*Bot, error) {
	b, err := New(side, level, nil, Seed(g, side))
	if err != nil {
		return nil, err
	}
	b.holds = b.Level.Holds
	return b, nil
}

// Seed is the seed of side's bot in game g: the game's seed mixed with
// the side, so that the two bots' streams differ and neither touches
// the dice.
func Seed(g *game.Game, side core.Side) uint64 {
	seed := g.Sc.Seed
	if g.Opts.SeedSet {
		seed = g.Opts.Seed
	}
	h := fnv.New64a()
	fmt.Fprintf(h, "gpw bot %d %s", seed, side)
	return h.Sum64()
}

// bind attaches the bot to game g (once per game).
func (b *Bot) bind(g *game.Game) error {
	if b.g == g {
		b.e.fault = nil // each turn asks afresh (a bot kept across turns, gpw serve)
		b.e.pend = nil
		clear(b.e.destMemo)
		clear(b.e.listed)
		clear(b.e.rails)
		clear(b.e.railCan)
		return nil
	}
	b.g, b.e, b.view, b.turnView = g, newEngine(g, b.Side), nil, nil
	g.KeepLog() // the bot reads the phase's events
	if !b.doctrineSet {
		d, err := doctrineFor(g, b.Side)
		if err != nil {
			return err
		}
		d.HoldObjectives = max(d.HoldObjectives, b.holds.Objectives)
		d.HoldFortresses = max(d.HoldFortresses, b.holds.Fortresses)
		b.Doctrine, b.doctrineSet = d, true
	}
	b.initCRT()
	return nil
}

// Refused is the number of this bot's commands the game refused.
func (b *Bot) Refused() int {
	if b.e == nil {
		return 0
	}
	return b.e.refused
}

// LastRefusal is the last refused command and why ("" for none).
func (b *Bot) LastRefusal() string {
	if b.e == nil {
		return ""
	}
	return b.e.lastErr
}

// say passes a remark on once per key.
func (b *Bot) say(key, format string, a ...any) {
	if b.said[key] {
		return
	}
	b.said[key] = true
	if b.Say != nil {
		b.Say(fmt.Sprintf("bot %s: ", b.Side) + fmt.Sprintf(format, a...))
	}
}

// noise is a random amount of the level's noise.
func (b *Bot) noise() float64 {
	if b.Level.Noise == 0 {
		return 0
	}
	return b.rng.NormFloat64() * b.Level.Noise
}

// uses reports whether the bot's level plays tactic name.
func (b *Bot) uses(name string) bool { return !b.skip[name] }

func (b *Bot) clearCache() { clear(b.weighs); clear(b.retreats) }

// errStuck ends Play when the bot cannot finish its part.
var errStuck = errors.New("bot: no progress")

// Play plays the bot's side in game g until the other side must act or
// the game ends: setup, reinforcements and replacements, rail moves,
// movement, attacks and the battle decisions that are its side's (which
// retreat, which unit loses a step, which advances, and for a defender
// that may, whether to stand).
func (b *Bot) Play(g *game.Game) error {
	if g.Fog() != nil && !g.IsMasked() && !b.noModule && !b.quickModule {
		// it sees what its side sees (game/fogplay.go); a look-ahead
		// helper (noModule, quickModule) plays a clone of what its bot sees as it is
		return g.PlayMasked(b.Side, b.Play)
	}
	if err := b.bind(g); err != nil {
		return err
	}
	b.readStance(g)
	start, turn := time.Now(), g.Turn().Index
	defer func() { b.Think[turn] += time.Since(start) }()
	if b.Level.Random {
		if b.random == nil {
			b.random = game.NewRandomPlayer(b.Side, b.rng.Uint64())
		}
		return b.random.Play(g)
	}
	e := b.e
	last, same := -1, 0
	// on a masked copy, the commands after a die are not given to the
	// game (PlayMasked): the bot stops there, and thinks (and searches)
	// again on a fresh copy of the game as the die fell
	rolls := g.Rolls()
	for {
		if g.Actor() != b.Side || (b.halt != nil && b.halt(g)) || (g.IsMasked() && g.Rolls() != rolls) {
			return nil
		}
		// guard: passes that change nothing, or only collect refusals
		if n := len(g.Log()) - e.refused; n == last {
			if same++; same > 3 {
				return fmt.Errorf("%w in %s: %s", errStuck, g.Phase().ID, e.lastErr)
			}
		} else {
			last, same = n, 0
		}
		var err error
		switch d := e.pending(); {
		case d != nil && d.kind == electDecision:
			_, err = b.elect(d)
		case d != nil:
			err = b.decide(d)
		case g.InSetup():
			err = b.setup()
		default:
			if b.Level.Search > 0 {
				if g.Phase().Side == b.Side {
					b.search(g)
				} else {
					b.endPlan()
				}
			}
			if err = b.moduleStep(); err != nil {
				return err
			}
			if g.Actor() != b.Side || g.Over() {
				continue
			}
			switch g.Phase().Kind {
			case interp.PhaseCombat:
				if b.skipAttacks {
					err = e.end()
					break
				}
				err = b.combat()
			case interp.PhaseReinforcement:
				err = b.reinforce()
			case interp.PhaseRail, interp.PhaseMove:
				if b.standStill {
					err = b.endPhase()
				} else if b.escaping {
					err = b.escape()
				} else if g.Phase().Kind == interp.PhaseRail {
					err = b.rail()
				} else {
					err = b.move()
				}
			default:
				err = b.endPhase()
			}
		}
		if err != nil && !game.IsRefusal(err) {
			return err
		}
		if e.fault != nil {
			return fmt.Errorf("the rules module failed while the %s bot weighed its options: %w", b.Side, e.fault)
		}
	}
}

// endPhase ends the phase. Where the rules may refuse it (a module's
// on_phase_end), the bot first asks a copy of the game; if the end would
// be refused, it attacks the enemy units the refusal names (or any it
// can, if it names none), each with all the units that may, until the
// phase may end.
func (b *Bot) endPhase() error {
	e := b.e
	if err := b.orderStep(); err != nil { // orders.go
		return err
	}
	if e.g.Phase().Kind == interp.PhaseCombat && e.g.Rules.Has("on_phase_end") {
		if ok, why := e.mayEnd(); !ok {
			b.say("end-refused", "the rules would not let the combat phase end (%s): it makes the attacks they ask for", why)
			return b.attackDemanded(why)
		}
	}
	return e.end()
}

// attackDemanded makes the attacks a refused end asks for, then ends
// the phase.
func (b *Bot) attackDemanded(why string) error {
	e := b.e
	for i := 0; i < 100; i++ {
		if e.g.Over() || e.g.Phase().Kind != interp.PhaseCombat || e.actor() != b.Side {
			return nil
		}
		if d := e.pending(); d != nil {
			if err := b.decide(d); err != nil {
				return err
			}
			continue
		}
		v := b.phaseView()
		attacked, defended := e.fought()
		ts := b.allTargets(v, attacked, defended)
		if len(ts) == 0 {
			return e.end()
		}
		t := b.demanded(ts, why) // orders.go
		atk := t.atk
		if o, ok := b.leastBad(v, t); ok {
			atk = o.atk // the attack the bot scores best, a soak-off if it must
		}
		if err := e.attack(t.hex, atk); err != nil && !game.IsRefusal(err) {
			return err
		}
		b.forgetRetreats(t.hex)
		for e.pending() != nil && e.actor() == b.Side {
			if err := b.decide(e.pending()); err != nil {
				return err
			}
		}
		if e.actor() != b.Side {
			return nil // the other side elects; Play goes on after
		}
		ok, w := e.mayEnd()
		if ok {
			return e.end()
		}
		why = w
	}
	return e.end()
}

// leastBad is the attack on t the bot scores best, of the smallest
// attacker sets reaching each column (a demanded attack may cost less
// made by one weak unit than by all), each column the engine's.
func (b *Bot) leastBad(v *view, t *target) (option, bool) {
	best, found := option{}, false
	for _, o := range b.options(v, t) {
		col, ok := b.weighCached(o.hex, o.atk)
		if !ok {
			continue
		}
		o.col = col
		o.score = b.scoreAttack(v, o)
		if !found || o.score > best.score {
			best, found = o, true
		}
	}
	return best, found
}

// Stand makes the defender's election when a battle lets one of the
// bot's units stand instead of retreating (it must be the bot's turn to
// elect): it stands, losing a step, when the retreat would cost as much,
// or when the hex is worth keeping; otherwise it elects to retreat
// (nostand) and the attacker picks the path. It reports whether it
// stood.
func (b *Bot) Stand(g *game.Game) (bool, error) {
	if err := b.bind(g); err != nil {
		return false, err
	}
	d := b.e.pending()
	if d == nil || d.kind != electDecision || d.side != b.Side {
		return false, nil
	}
	return b.elect(d)
}

// elect takes the defender's election.
func (b *Bot) elect(d *decision) (bool, error) {
	e := b.e
	stand := false
	if b.Level.Random {
		stand = b.rng.IntN(2) == 0
	} else {
		v := b.newView(e, b.Side)
		u := &v.s.Units[d.def]
		most, any := 0, false
		for _, r := range e.g.RetreatChoices() {
			most, any = max(most, r.ZOC), true
		}
		keep := float64(v.value[d.hex])
		stand = most >= 1 || (keep >= v.doc.MajorCity && !u.Reduced) || !any
		if u.Reduced && u.HasHalf() && most == 0 && any {
			stand = false // a step would be its last
		}
	}
	if !stand {
		return false, e.plain(game.VerbNoStand)
	}
	b.Tactics["stand-fast"]++
	return true, e.plain(game.VerbStand)
}
