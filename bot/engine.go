package bot

// engine.go is the bot's one window on legality: who acts, what may be
// done now and the commands that do it, asked of the engine (its legal
// actions, its validators, its typed commands). Everything else in the
// package reads the position to judge it.

import (
	"errors"
	"fmt"

	"gpw/core"
	"gpw/game"
	"gpw/interp"
)

// engine asks the game what is legal and carries out one side's commands.
type engine struct {
	g    *game.Game
	side core.Side
	s    *core.State
	m    *core.Map
	mv   *core.Mover // the raw mover: the enemy's threat only

	destMemo map[int][]game.Dest      // legal destinations by unit, until the next command
	listed   map[int][]game.Dest      // each unit's last listing (pathTo)
	rails    map[int]*core.RailRoutes // rail routes by unit, until the next command
	railCan  map[int]bool             // whether each unit may rail, until the next command
	entries  map[entryKey]core.Bitset // where each unit may enter, until the next command (entryOK)
	supKey   string                   // the phase and log length supMemo holds for
	supMemo  [2]core.Bitset           // each side's supply (supply)
	dists    [4]distMemo              // the last distance fields (view.distance)
	distNext int
	mults    multMemo  // the last terrainMult table (view.multTable)
	pend     *pendMemo // the last pending decision, until the next command

	refused int    // commands the game refused
	lastErr string // the last refusal, for reports
	// fault is the first failure of the rules module met by a question
	// (an error that is not a refusal: a hook that failed, ran past its
	// budget or returned a bad value). Once set, questions answer "no"
	// without asking the module again, and Play returns it.
	fault error
}

// ok reports whether a question's answer err allows what was asked,
// keeping the first failure of the rules module.
func (e *engine) ok(err error) bool {
	if err != nil && e.fault == nil && !game.IsRefusal(err) {
		e.fault = err
	}
	return err == nil
}

func newEngine(g *game.Game, side core.Side) *engine {
	s := g.Position()
	return &engine{g: g, side: side, s: s, m: s.Map, mv: core.NewMover(s, &g.Rules.Move)}
}

// decisionKind names a pending battle decision.
type decisionKind int

const (
	noDecision      decisionKind = iota
	electDecision                // the defender elects to stand or to retreat
	retreatDecision              // the attacker picks the retreat
	lossDecision
	exchangeDecision
	advanceDecision
)

// decision is the choice a battle waits for, read from the engine.
type decision struct {
	kind     decisionKind
	side     core.Side // who decides
	retreats [][]int   // legal retreat paths, with...
	zoc      []int     // ...the enemy zones of control each enters
	units    []int     // the units that may lose a step, or advance
	need     int       // an exchange: strength the attacker still owes
	def      int       // the defender
	atk      []int     // the attackers
	hex      int       // the hex attacked
}

// actor is the side that must act now.
func (e *engine) actor() core.Side { return e.g.Actor() }

// Actor is the side that must act now in game g, NoSide once it is over:
// the engine's answer (a defender that may stand elects before the
// attacker picks the retreat).
func Actor(g *game.Game) core.Side { return g.Actor() }

// pending reads the battle decision the game waits for, nil for none.
// The answer is kept until the side's next command (do), or the bot is
// bound again (bind: the other side may have acted), and while the game
// logs nothing and rolls no die.
func (e *engine) pending() *decision {
	if def, _ := e.g.BattleUnits(); def < 0 {
		return nil // no battle under way (cheaper than Pending's text)
	}
	if p := e.pend; p != nil && p.log == len(e.g.Log()) && p.rolls == e.g.Rolls() {
		return p.d
	}
	d := e.pendingNow()
	e.pend = &pendMemo{log: len(e.g.Log()), rolls: e.g.Rolls(), d: d}
	return d
}

// pendMemo is pending's answer and the game's log length and dice rolled
// when it was read.
type pendMemo struct {
	log, rolls int
	d          *decision
}

// pendingNow reads the battle decision from the engine's legal actions.
func (e *engine) pendingNow() *decision {
	a := e.g.Actions()
	if a.Error != "" && e.fault == nil {
		e.fault = errors.New(a.Error)
	}
	if a.Decision == nil {
		return nil
	}
	ad := a.Decision
	d := &decision{def: -1, hex: e.g.BattleHex()}
	d.side, _ = core.ParseSide(ad.Side)
	def, atk := e.g.BattleUnits()
	d.def, d.atk = def, append(d.atk, atk...)
	switch ad.Kind {
	case game.DecisionRetreat:
		for _, o := range ad.Options {
			if o.Command.Verb == game.VerbStand || o.Command.Verb == game.VerbNoStand {
				d.kind = electDecision
				return d
			}
		}
		d.kind = retreatDecision
		for _, r := range e.g.RetreatChoices() { // all of them, not only the listed
			d.retreats = append(d.retreats, r.Path)
			d.zoc = append(d.zoc, r.ZOC)
		}
	case game.DecisionLoss:
		d.kind = lossDecision
		if ad.Owed > 0 {
			d.kind, d.need = exchangeDecision, ad.Owed
		}
	case game.DecisionAdvance:
		d.kind = advanceDecision
	default:
		return nil
	}
	for _, o := range ad.Options {
		if o.Command.Unit >= 0 && (o.Command.Verb == game.VerbLoss || o.Command.Verb == game.VerbAdvance) {
			d.units = append(d.units, o.Command.Unit)
		}
	}
	return d
}

// fought lists the units that attacked and were attacked in this phase.
func (e *engine) fought() (attacked, defended []bool) {
	attacked, defended = make([]bool, len(e.s.Units)), make([]bool, len(e.s.Units))
	for k := range e.s.Units {
		attacked[k], defended[k] = e.g.Attacked(k), e.g.Defended(k)
	}
	return attacked, defended
}

// supply traces side's supply now, as the engine does at a phase start
// (the rules' supply sources included). The answer is kept while the
// game stays in the same phase and logs no event (no command changed
// it), and shared: callers do not change it.
func (e *engine) supply(side core.Side) core.Bitset {
	key := fmt.Sprintf("%d/%s/%d", e.g.Turn().Index, e.g.Phase().ID, len(e.g.Log()))
	if e.supKey != key {
		e.supKey, e.supMemo = key, [2]core.Bitset{}
	}
	if side != core.Axis && side != core.Soviet {
		return e.g.Trace(side)
	}
	if e.supMemo[side] == nil {
		e.supMemo[side] = e.g.Trace(side)
	}
	return e.supMemo[side]
}

// canMove reports whether unit k may move in this movement phase.
func (e *engine) canMove(k int) bool {
	p := e.g.Phase()
	u := &e.s.Units[k]
	if e.g.InSetup() || p.Kind != interp.PhaseMove || u.Side != p.Side || u.Status != core.OnMap {
		return false
	}
	return e.fault == nil && e.ok(e.g.CanMove(k))
}

// dests lists unit k's legal destinations in this movement phase, with
// their paths, as the engine's legal actions list them (game.MoveDests:
// its closed areas, stacking and sharing rules and the module's path
// checks): nil when it may not move or has nowhere to go. A stacking
// unit's leave out the hexes where a friend's combat unit stands (game.MoveDestsAlone:
// rules that let a move share a hex for now, ADC2's, would oblige the
// friend to leave, which the bot does not plan for). The answer is kept
// until the bot's next command.
func (e *engine) dests(k int) []game.Dest {
	if e.fault != nil {
		return nil
	}
	if d, ok := e.destMemo[k]; ok {
		return d
	}
	list := e.g.MoveDests // a leader joins a friend
	if e.s.Units[k].Stacks {
		list = e.g.MoveDestsAlone
	}
	um, err := list(k, true)
	if err != nil {
		e.ok(err)
		return nil
	}
	var d []game.Dest
	if um != nil {
		d = um.Dest
	}
	if e.destMemo == nil {
		e.destMemo = map[int][]game.Dest{}
	}
	e.destMemo[k] = d
	if e.listed == nil {
		e.listed = map[int][]game.Dest{}
	}
	e.listed[k] = d
	return d
}

// pathTo is unit k's path to hex h for a move now: the path of its last
// listing (dests) when the move's validator still accepts it, which,
// while no hex of the side is shared for now (whose friends must keep a
// way out: the listing checks that), is what the listing would say
// again; else the path of a fresh listing. nil when h is not a legal destination now.
func (e *engine) pathTo(k, h int) []int {
	if !e.g.Rules.ShareUntilMoved || len(e.s.Overstacked(e.side)) == 0 {
		for _, d := range e.listed[k] {
			if d.Hex == h {
				if e.pathOK(k, d.Path, "move") {
					return d.Path
				}
				break
			}
		}
	}
	return e.destPath(k, h)
}

// friendAt reports whether a combat unit of the side stands in hex h.
func (e *engine) friendAt(h int) bool {
	o := e.s.Occupant(h)
	return o >= 0 && e.s.Units[o].Side == e.side
}

// destPath is unit k's path to hex h among its legal destinations now,
// nil when h is not one.
func (e *engine) destPath(k, h int) []int {
	for _, d := range e.dests(k) {
		if d.Hex == h {
			return d.Path
		}
	}
	return nil
}

// pathOK checks a move or rail path as the command would.
func (e *engine) pathOK(k int, path []int, how string) bool {
	return e.fault == nil && e.ok(e.g.CheckPath(k, path, how))
}

// canRail reports whether unit k may move by rail now.
func (e *engine) canRail(k int) bool {
	g := e.g
	p := g.Phase()
	u := &e.s.Units[k]
	if g.InSetup() || p.Kind != interp.PhaseRail || u.Side != p.Side || u.Status != core.OnMap || !e.m.IsRail(u.Hex) {
		return false
	}
	if e.fault != nil {
		return false
	}
	can, ok := e.railCan[k]
	if !ok {
		can = e.ok(g.CanRail(k))
		if e.railCan == nil {
			e.railCan = map[int]bool{}
		}
		e.railCan[k] = can
	}
	return can
}

// railDests lists the hexes unit k can reach by rail, as the engine finds
// them (read a route with RailRoutes.Path), kept until the next command.
func (e *engine) railDests(k int) *core.RailRoutes {
	r, ok := e.rails[k]
	if !ok {
		r = e.g.RailRoutes(k)
		if e.rails == nil {
			e.rails = map[int]*core.RailRoutes{}
		}
		e.rails[k] = r
	}
	return r
}

// entryOK judges whether unit k may enter hex h as a reinforcement
// ("place") or a rebuilt unit ("rebuild"), as the game does: from the
// engine's listing of the unit's entry hexes (game.EntryHexes), asked
// once per unit until the next command, not the rules' can_place per hex.
func (e *engine) entryOK(k, h int, how string) bool {
	if e.fault != nil {
		return false
	}
	key := entryKey{k, how == "rebuild"}
	set, ok := e.entries[key]
	if !ok {
		hs, err := e.g.EntryHexes(k, how)
		if e.ok(err) {
			set = core.NewBitset(e.m.Len())
			for _, x := range hs {
				set.Set(x)
			}
		}
		if e.entries == nil {
			e.entries = map[entryKey]core.Bitset{}
		}
		e.entries[key] = set
	}
	return set != nil && set.Has(h)
}

// entryKey names one unit's entry listing: placed, or rebuilt.
type entryKey struct {
	k       int
	rebuild bool
}

// rebuildCost is what rebuilding unit k costs, ok false when it may not
// be rebuilt now.
func (e *engine) rebuildCost(k int) (int, bool) {
	if e.fault != nil {
		return 0, false
	}
	cost, err := e.g.CanRebuild(k)
	return cost, e.ok(err)
}

// setupArea is where unit k may be set up, nil when it is not placed in
// the setup step.
func (e *engine) setupArea(k int) core.Bitset {
	if !e.g.InSetup() || e.s.Units[k].Status == core.OnMap {
		return nil
	}
	return e.g.SetupArea(k)
}

// placeHexes lists where waiting unit k may be placed now, by the
// engine's rules (the rules' own entry hook included).
func (e *engine) placeHexes(k int) []int {
	if e.fault != nil {
		return nil
	}
	return e.g.PlaceHexes(k)
}

// awaiting lists the side's reinforcements waiting to be placed.
func (e *engine) awaiting() []int { return e.g.Waiting(e.side) }

// mayEnd reports whether the engine would let the phase end now, asked
// of a copy of the game (the rules' on_phase_end may refuse it), and why
// not.
func (e *engine) mayEnd() (bool, string) {
	c := e.g.Clone()
	err := c.Do(e.side, game.Cmd(game.VerbEnd))
	var rf *game.Refusal
	if errors.As(err, &rf) {
		return false, rf.Error()
	}
	return true, ""
}

// do carries out one command for the side. A refusal is counted and
// returned; the game is unchanged by it.
func (e *engine) do(c game.Command) error {
	clear(e.destMemo) // the position changes
	e.pend = nil
	clear(e.rails)
	clear(e.railCan)
	clear(e.entries)
	err := e.g.Do(e.side, c)
	var rf *game.Refusal
	if errors.As(err, &rf) {
		e.refused++
		e.lastErr = e.g.Text(c) + ": " + rf.Error()
	}
	return err
}

func (e *engine) unitHex(verb game.Verb, k, h int) error {
	c := game.Cmd(verb)
	c.Unit, c.Hex = k, h
	return e.do(c)
}

func (e *engine) end() error                 { return e.do(game.Cmd(game.VerbEnd)) }
func (e *engine) place(k, h int) error       { return e.unitHex(game.VerbPlace, k, h) }
func (e *engine) placeAuto() error           { return e.do(game.Cmd(game.VerbPlace, "auto")) }
func (e *engine) rebuild(k, h int) error     { return e.unitHex(game.VerbRebuild, k, h) } // h -1: where it stands
func (e *engine) rail(k, h int) error        { return e.unitHex(game.VerbRail, k, h) }
func (e *engine) loss(k int) error           { return e.unitHex(game.VerbLoss, k, -1) }
func (e *engine) advance(k int) error        { return e.unitHex(game.VerbAdvance, k, -1) }
func (e *engine) plain(verb game.Verb) error { return e.do(game.Cmd(verb)) } // stand, nostand, noadvance, end

// move moves unit k along path.
func (e *engine) move(k int, path []int) error {
	c := game.Cmd(game.VerbMove)
	c.Unit, c.Path = k, path
	return e.do(c)
}

// attack attacks the unit in hex def with the units atk.
func (e *engine) attack(def int, atk []int) error {
	c := game.Cmd(game.VerbAttack)
	c.Hex, c.From = def, atk
	return e.do(c)
}

// retreat sends the defender along path.
func (e *engine) retreat(path []int) error {
	c := game.Cmd(game.VerbRetreat)
	c.Path = path
	return e.do(c)
}
