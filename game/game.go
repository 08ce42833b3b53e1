package game

import (
	"fmt"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"

	"gpw/core"
	"gpw/interp"
	"gpw/scenario"
)

// Options are the choices made at launch.
type Options struct {
	Rules   string // gdw, adc2 or a .lua path; the scenario's when empty
	Seed    int64  // used when SeedSet; else the scenario's seed
	SeedSet bool
	// Secret, 32 bytes when given, keys the dice instead of Seed: a
	// 256-bit secret that no search can find (gpw serve's fair dice).
	Secret []byte
	Dice   []int // forced die rolls, used before the seeded dice
	Auto   bool  // make every pending choice by its default
	// AutoSetup places every setup unit by the documented rule (game/setup.go).
	AutoSetup bool
	// Budget limits the rules module's Lua work: Lua instructions per
	// call, command, phase and game, and the memory its Lua state holds
	// (counts, never times: a game's fate does not depend on the
	// machine). Zero fields take interp.DefaultBudget's; a negative field
	// means no limit.
	Budget interp.Budget
	// KeepLog keeps every event (Log) even when a sink streams them.
	KeepLog bool
	// NoUndo keeps no undo steps: for programs that never undo (bots,
	// the simulator), it saves a copy of the state per command.
	NoUndo bool
	// Params sets the rules module's parameters by name (R.params), as
	// given by --param NAME=VALUE; a parameter not named takes its default.
	Params map[string]string
}

// Game is a scenario being played. Everything it must remember is in its
// state (state.go): a Game can be cloned, a command rolled back and undone,
// while the scenario, the map and the compiled rules are shared read-only.
type Game struct {
	Sc    *scenario.Scenario
	Rules *interp.Rules
	Opts  Options

	fix *fixed
	state

	sink    func(Event)
	keepLog bool // keep the log (Log) when no sink streams it
	log     []Event
	buf     []Event // the events of the command under way
	undo    []undoStep
	undoCut bool      // undo steps of this phase were forgotten (maxUndo)
	undoFog string    // why undo stops here: a command lifted the fog (fogundo.go)
	spare   []*state  // snapshots to reuse (maxSpare)
	scratch scratch   // movers and tracers bound to the state's position
	acting  core.Side // the side running the command under way (NoSide: whoever owns it)
	// shareMemo remembers mayShare's answers while the position cannot
	// change (a listing of legal actions); nil otherwise.
	shareMemo map[int]bool
	// memo keeps what a listing of legal actions asked the rules module
	// about each unit (listMemo); nil otherwise.
	memo *listMemo
	// trial is a copy of the game for trying a command (tryOnCopy).
	trial *Game
	// traced holds each side's supply traced once for a query (traceOnce).
	traced [2]core.Bitset
	// hookErr is a failure of the rules module met where it cannot be
	// returned (hookFailed), returned by the command during which it
	// happened.
	hookErr error
	// eliminations counts the units eliminated by the command under way
	// (maxEliminations).
	eliminations int
	// cmdEventBytes is the size of the module's events of the command
	// under way (Emit).
	cmdEventBytes int
	// zoneBuf is each hex's weather index for the movers, made for the
	// weathers zoneKey names (WeatherMover).
	zoneBuf []uint8
	zoneKey string
	// masked marks a copy of the game as one side sees it (Masked).
	masked bool
}

// fixed is what a game settles at its start and never changes.
type fixed struct {
	arrives, withdraws, returns []int // turn each unit arrives..., -1
	variant                     string
	startDice                   []int
	startAuto                   bool
	start, endTurn              int
	closed                      [2]core.Bitset    // hexes each side may not enter (the rules' closed areas), nil for none
	files                       map[string]string // the scenario's other files, for saves
	kinds                       scenario.Kinds    // the rules' turns and non-combat kinds
	params                      interp.Params     // the module's parameters, set or by default
	zoneOf                      []uint8           // each hex's weather zone, index+1 (nil: the rules have none)
}

// New sets up a game of sc. builtin holds the rules/ directory. Events go
// to sink as commands succeed; with a nil sink the game keeps them (Log).
func New(sc *scenario.Scenario, o Options, builtin fs.FS, sink func(Event)) (g *Game, err error) {
	defer func() {
		// The last net, as for commands (Do): a bug in the setup of a
		// strange scenario fails the start, not the program serving it.
		if p := recover(); p != nil {
			g, err = nil, fmt.Errorf("%s: internal error starting the game: %v", sc.File, p)
		}
	}()
	g = &Game{Sc: sc, Opts: o, sink: sink, keepLog: sink == nil || o.KeepLog, acting: core.NoSide}
	seed := sc.Seed
	if o.SeedSet {
		seed = o.Seed
	}
	g.fix = &fixed{startDice: o.Dice, startAuto: o.Auto}
	for name, data := range sc.Files {
		if name != sc.File && name != sc.SpecialPath {
			if g.fix.files == nil {
				g.fix.files = map[string]string{}
			}
			g.fix.files[name] = string(data)
		}
	}
	key := seedKey(uint64(seed))
	if o.Secret != nil {
		if len(o.Secret) != len(key) {
			return nil, fmt.Errorf("a dice secret is %d bytes, not %d", len(o.Secret), len(key))
		}
		copy(key[:], o.Secret)
	}
	g.dice = newDice(key, o.Dice)
	g.weather = "clear"
	g.auto = o.Auto
	variant := variantOf(sc, o.Rules)
	g.fix.variant = variant
	if strings.HasSuffix(variant, ".lua") {
		if abs, err := filepath.Abs(variant); err == nil {
			g.fix.variant = abs
		}
	}
	m, err := interp.Compile(variant, builtin, sc.SpecialPath, sc.SpecialSource)
	if err != nil {
		return nil, err
	}
	g.fix.kinds = Kinds(m)
	if g.fix.params, err = m.ResolveParams(o.Params); err != nil {
		return nil, fmt.Errorf("%s: %w", m.Module, err)
	}
	if _, err := fogOf(m); err != nil {
		return nil, err
	}
	if !sc.Kinds.Same(g.fix.kinds) {
		return nil, &scenario.Error{File: sc.File, Msg: fmt.Sprintf("the scenario was read for the %s; it is played under the %s: read it for these rules (game.LoadScenario)", sc.Kinds, g.fix.kinds)}
	}
	g.Rules = m.Bind(host{g})
	g.Rules.CountIn(&g.work)
	g.Rules.SetBudget(o.Budget.Or(interp.DefaultBudget))
	g.store = interp.NewStore()
	if err := g.setup(); err != nil {
		return nil, err
	}
	g.flush()
	return g, nil
}

// Clone returns an independent copy of the game: the same position,
// turn, phase, dice and pending decisions, sharing the scenario, map and
// compiled rules. The clone streams no events and keeps no log until
// SetSink; it has no undo steps.
func (g *Game) Clone() *Game { return g.CloneTo(nil) }

// CloneTo is Clone into c, a clone made earlier (of any game of the same
// scenario) whose memory it reuses: for searches that clone many times.
// A nil c makes a new game.
func (g *Game) CloneTo(c *Game) *Game {
	if c == nil || c == g {
		c = &Game{}
	}
	st := c.state
	*c = Game{Sc: g.Sc, Opts: g.Opts, fix: g.fix, acting: core.NoSide, state: st}
	if c.S != nil && c.S.Map != g.S.Map {
		c.state = state{}
	}
	c.state.copyFrom(&g.state)
	c.Rules = g.Rules.Fork(host{c})
	c.Rules.CountIn(&c.work)
	return c
}

// SetSink sends the events from now on to sink (nil: keep them, Log).
func (g *Game) SetSink(sink func(Event)) { g.sink, g.keepLog = sink, sink == nil || g.Opts.KeepLog }

// KeepLog keeps every event from now on (Log), besides streaming them.
func (g *Game) KeepLog() { g.keepLog, g.Opts.KeepLog = true, true }

// Variant is the rules as chosen: "gdw", "adc2" or a module's path.
func (g *Game) Variant() string { return g.fix.variant }

func (g *Game) fileErr(line int, format string, a ...any) error {
	return &scenario.Error{File: g.Sc.File, Line: line, Msg: fmt.Sprintf(format, a...)}
}

// ParseTurn reads a turn name such as "Sep/Oct 1941" against the rules'
// calendar.
func (g *Game) ParseTurn(s string) (int, error) { return g.fix.kinds.ParseTurn(s) }

// TurnName prints turn t.
func (g *Game) TurnName(t int) string {
	n := len(g.Rules.Calendar)
	return g.Rules.Calendar[t%n].Name + " " + itoa(t/n)
}

func (g *Game) setup() error {
	sc, r := g.Sc, g.Rules
	var err error
	if g.turn, err = g.ParseTurn(sc.Start); err != nil {
		return g.fileErr(sourceLine(sc, "start"), "start: %v", err)
	}
	g.fix.start, g.fix.endTurn = g.turn, g.turn
	g.reinforced = [2]int{g.turn - 1, g.turn - 1}
	if sc.End != "" {
		if g.fix.endTurn, err = g.ParseTurn(sc.End); err != nil {
			return g.fileErr(sourceLine(sc, "end"), "end: %v", err)
		}
	}
	if g.fix.endTurn < g.turn {
		return g.fileErr(sourceLine(sc, "end"), "end (%s) comes before start (%s)", sc.End, sc.Start)
	}
	units := make([]core.Unit, len(sc.Units))
	n := len(units)
	f := g.fix
	f.arrives, f.withdraws, f.returns = make([]int, n), make([]int, n), make([]int, n)
	for k, us := range sc.Units {
		class, ok := r.ClassOf(us.Kind)
		if !ok && r.NonCombat[us.Kind] {
			ok = true // issue 5: leaders and air units have no movement class of their own
		}
		if !ok {
			return g.unitErr(us, "unit %s: kind %q is not known to the %s rules (known: %s)", us.ID, us.Kind, r.ID, strings.Join(r.KindNames(), ", "))
		}
		size := us.Size
		if size == "" {
			size = map[core.Side]string{core.Axis: "corps", core.Soviet: "army"}[us.SideOf()] // GDW: Game Scale
		}
		u := core.Unit{Ident: &core.Ident{ID: us.ID, Name: us.Name, Nation: us.Nation, Kind: us.Kind, Size: size}, Side: us.SideOf(), Class: class,
			Attack: [2]int{us.Strength[0], us.Strength[1]}, MP: us.MP, Reduced: us.Reduced, Stacks: !r.NonCombat[us.Kind] && !r.NonStacking[us.Kind],
			NoOccupy: r.NoOccupy[us.Kind], Hex: -1}
		u.Defense = u.Attack
		if len(us.Defense) == 2 {
			u.Defense = [2]int{us.Defense[0], us.Defense[1]}
		}
		switch {
		case r.NonCombat[us.Kind]:
			u.ZOC = core.ZOCNone
		case r.OwnHexZOC[us.Kind]:
			u.ZOC = core.ZOCOwnHex
		}
		f.arrives[k], f.withdraws[k], f.returns[k] = -1, -1, -1
		for _, t := range []struct {
			s   string
			key string
			dst *int
		}{{us.Arrives, "arrives", &f.arrives[k]}, {us.Withdraws, "withdraws", &f.withdraws[k]}, {us.Returns, "returns", &f.returns[k]}} {
			if t.s == "" {
				continue
			}
			if *t.dst, err = g.ParseTurn(t.s); err != nil {
				return g.fileErr(us.Line, "unit %s: %s: %v", us.ID, t.key, err)
			}
		}
		switch {
		case us.Hex != "":
			u.Hex, _ = sc.Map.ParseHex(us.Hex)
			u.Status = core.OnMap
		case us.Setup > 0 || us.Held:
			// issue 5: placed in the setup step, or waiting in a force pool
			u.Status = core.Pending
		case us.Withdrawn:
			// issue 5: withdrawn before the start; returns on its turn
			u.Status = core.Withdrawn
		case us.Arrives != "" && f.arrives[k] >= g.turn:
			u.Status = core.Pending
		default:
			// GDW: Beginning Play: units neither set up nor due later start eliminated.
			u.Status = core.Eliminated
		}
		units[k] = u
	}
	for _, rp := range sc.Repl {
		if rp.Turn == "" && rp.Year != 0 {
			continue // issue 5: points for a whole year
		}
		if _, err := g.ParseTurn(rp.Turn); err != nil {
			return &scenario.Error{File: rp.File, Line: rp.Line, Msg: fmt.Sprintf("replacements: %v", err)}
		}
	}
	s, err := core.NewState(sc.Map, units)
	if err != nil {
		for _, us := range sc.Units {
			if strings.Contains(err.Error(), "unit "+us.ID+":") {
				return g.fileErr(us.Line, "%v", err)
			}
		}
		return g.fileErr(0, "%v", err)
	}
	g.S = s
	if g.fix.zoneOf, err = r.ZoneOf(g.S.Map); err != nil {
		return err
	}
	if err := g.closeAreas(); err != nil {
		return err
	}
	g.supplied[0], g.supplied[1] = core.NewBitset(sc.Map.Len()), core.NewBitset(sc.Map.Len())
	g.moved, g.attacked, g.defended, g.awaiting = make([]bool, n), make([]bool, n), make([]bool, n), make([]bool, n)
	if err := g.orderTurn(); err != nil {
		return err
	}
	if sc.Phase != "" {
		g.pos = -1
		for i, p := range g.order {
			if r.Phases[p].ID == sc.Phase {
				g.pos = i
				break
			}
		}
		if g.pos < 0 {
			return g.fileErr(sourceLine(sc, "phase"), "phase %q is not a phase of the %s rules (%s)", sc.Phase, r.ID, strings.Join(r.PhaseIDs(), ", "))
		}
	}
	// issue 5: the setup step (game/setup.go) comes before the first phase
	if open, err := g.beginSetup(); open || err != nil {
		return err
	}
	return g.beginPhase()
}

func sourceLine(sc *scenario.Scenario, key string) int {
	for i, l := range strings.Split(string(sc.Source), "\n") {
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, key) && strings.HasPrefix(strings.TrimSpace(t[len(key):]), "=") {
			return i + 1
		}
	}
	return 0
}

// Phase returns the current phase: between turns, while the rules'
// phase_order hook chooses the next turn's order, a phase with no id and
// no side.
func (g *Game) Phase() *interp.Phase {
	if g.pos >= len(g.order) {
		return &turnStart
	}
	return &g.Rules.Phases[g.order[g.pos]]
}

// TurnOrder lists the ids of this turn's phases in the order they are
// played (the rules' phase_order may reorder, leave out or repeat them),
// and the place of the current one in it.
func (g *Game) TurnOrder() (ids []string, at int) {
	for _, i := range g.order {
		ids = append(ids, g.Rules.Phases[i].ID)
	}
	return ids, g.pos
}

// turnStart is the phase between turns.
var turnStart = interp.Phase{Side: core.NoSide}

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.over }

// Log returns every event so far, for a game that keeps its log (New
// with a nil sink).
func (g *Game) Log() []Event { return g.log }

// emit records an event of the command under way; it reaches the sink
// (or the log) when the command succeeds.
func (g *Game) emit(kind EventKind, text string, fields ...Field) {
	if g.sink == nil && !g.keepLog {
		return
	}
	g.buf = append(g.buf, Event{Kind: kind, Fields: fields, Text: text})
}

// quiet reports whether nobody listens to events: callers may skip
// building them.
func (g *Game) quiet() bool { return g.sink == nil && !g.keepLog }

// flush delivers the events of a command that succeeded.
func (g *Game) flush() {
	g.maskEvents(g.buf) // hidden information (game/fog.go)
	for _, e := range g.buf {
		if g.keepLog {
			g.log = append(g.log, e)
		}
		if g.sink != nil {
			g.sink(e)
		}
	}
	g.buf = g.buf[:0]
}

// Roll rolls one six-sided die (interp.Host).
func (g host) Roll() int { return g.RollN(6) }

// RollN draws a number in 1..n from the engine's dice (interp.Host): the
// forced dice first (for six-sided rolls), then the seeded stream of the
// purpose at hand.
func (g host) RollN(n int) int { return g.roll(n) }

// roll draws a number in 1..n from the engine's dice (RollN).
func (g *Game) roll(n int) int {
	g.rolls++
	return g.dice.roll(n)
}

// Turn describes the current turn (interp.Host).
func (g *Game) Turn() interp.TurnInfo {
	n := len(g.Rules.Calendar)
	m := g.Rules.Calendar[g.turn%n]
	return interp.TurnInfo{Name: g.TurnName(g.turn), Month: m.Name, Year: g.turn / n, Weather: m.Weather, Roll: m.Roll, Index: g.turn}
}

// SetWeather sets this movement phase's weather (interp.Host).
func (g host) SetWeather(w string, die int, cite string) {
	g.weather = w
	if die == 0 {
		return
	}
	g.emit(EventWeather, fmt.Sprintf("weather roll %d: %s for %s (%s)", die, w, g.Phase().ID, cite),
		Field{"phase", g.Phase().ID}, Field{"turn", g.TurnName(g.turn)}, Field{"die", die}, Field{"weather", w}, Field{"rule", cite})
}

// orderTurn sets the order of this turn's phases: the rules' phase_order
// hook may choose it (who moves first, phases skipped or repeated), else
// the module's phases in order.
//
// It runs as the turn begins, before its first phase: the hook may roll
// dice (from the turn's own stream, so a rule that changes only the order
// leaves the phases' dice alone), keep what it decided in the store and
// print it with gpw.emit.
func (g *Game) orderTurn() error {
	r := g.Rules
	g.pos = 0
	g.order = g.order[:0]
	g.ends = g.ends[:0]
	g.dice.stream(g.turn, -1, purposePhase, 0)
	r.Begin("turn-start")
	ids, err := r.List("phase_order", interp.Turn())
	if err != nil {
		return err
	}
	if ids == nil {
		for i := range r.Phases {
			g.order = append(g.order, i)
		}
		return nil
	}
	if len(ids) == 0 || len(ids) > 4*len(r.Phases) {
		return fmt.Errorf("%s: phase_order returned %d phases; a turn has 1 to %d", r.Module.Module, len(ids), 4*len(r.Phases))
	}
	marked := false
	for _, id := range ids {
		end := strings.HasSuffix(id, "!")
		id = strings.TrimSuffix(id, "!")
		marked = marked || end
		g.ends = append(g.ends, end)
		i := -1
		for j, p := range r.Phases {
			if p.ID == id {
				i = j
			}
		}
		if i < 0 {
			return fmt.Errorf("%s: phase_order returned %q, not a phase of the rules (%s)", r.Module.Module, id, strings.Join(r.PhaseIDs(), ", "))
		}
		g.order = append(g.order, i)
	}
	if !marked {
		g.ends = g.ends[:0] // no marks: a change of side ends a player turn
	}
	return nil
}

// beginPhase does what happens as a phase begins.
func (g *Game) beginPhase() error {
	p := g.Phase()
	g.Rules.Begin(p.ID)
	g.dice.stream(g.turn, g.pos, purposePhase, 0)
	g.battles, g.commands = 0, 0
	clear(g.moved)
	clear(g.attacked)
	clear(g.defended)
	g.railUsed = 0
	g.weather = "clear"
	clear(g.zoneWeather)
	g.railFriendly = append(g.railFriendly[:0], g.S.RailOwner...)
	if p.Kind == interp.PhaseMove || p.Kind == interp.PhaseCombat || p.Kind == interp.PhaseReinforcement {
		if err := g.snapshotSupply(p.Side); err != nil {
			return err
		}
	}
	if p.Kind == interp.PhaseReinforcement {
		if err := g.reinforce(p.Side); err != nil {
			return err
		}
	}
	return g.Rules.OnPhaseStart(p)
}

// snapshotSupply judges supply for side now (GDW: Supply: at the start of
// movement and combat phases).
func (g *Game) snapshotSupply(side core.Side) error {
	r, err := g.trace(side)
	if err != nil {
		return err
	}
	copy(g.supplied[side], r)
	return nil
}

// trace traces side's supply in the present position: from the friendly
// edge, the sources a rules hook adds (supply_sources(side) -> hex ids) and
// by sea where the rules allow it. The answer is valid until the next trace.
func (g *Game) trace(side core.Side) (core.Bitset, error) {
	ids, err := g.Rules.List("supply_sources", interp.Str(side.String()))
	if err != nil {
		return nil, err
	}
	var extra []int
	for _, id := range ids {
		h, err := g.S.Map.ParseHex(id)
		if err != nil {
			return nil, fmt.Errorf("%s: supply_sources: %v", g.Rules.Module.Module, err)
		}
		extra = append(extra, h)
	}
	sp := g.supplier()
	sp.Range = nil
	lines, err := g.Rules.SupplyLines(side.String())
	if err != nil {
		return nil, err
	}
	if lines != nil {
		rg := &core.SupplyRange{Edge: lines.EdgeRange}
		if rg.Edge < 0 {
			rg.Edge = core.Unlimited
		}
		for _, d := range lines.Depots {
			h, err := g.S.Map.ParseHex(d.Hex)
			if err != nil {
				return nil, fmt.Errorf("%s: supply_lines: %v", g.Rules.Module.Module, err)
			}
			rg.Depots = append(rg.Depots, core.Depot{Hex: h, Range: d.Range})
		}
		sp.Range = rg
	}
	if sea := g.Rules.SeaSupply[side]; sea != "" {
		reg, _ := g.S.Map.Region(sea)
		return sp.TraceBySea(side, reg, extra), nil
	}
	return sp.Trace(side, extra), nil
}

// mayShare lets unit k end its move on the friend o for now when o has
// not moved in this phase and has a legal move out of it (rules with
// share_until_moved: ADC2: Movement Phases). The stack must be gone when
// the phase ends.
func (g *Game) mayShare(k, o int) bool {
	if g.S.Units[o].Side != g.S.Units[k].Side {
		return false
	}
	if ok, known := g.shareMemo[o]; known {
		return ok
	}
	ok := g.friendMayLeave(o)
	if g.shareMemo != nil {
		g.shareMemo[o] = ok
	}
	return ok
}

// friendMayLeave reports whether unit o may still move and has a legal
// move out of its hex.
func (g *Game) friendMayLeave(o int) bool { return len(g.friendEnds(o, 1)) > 0 }

// friendEnds lists up to n hexes unit o may end a move in, alone (not
// sharing): the first found in the search's order.
func (g *Game) friendEnds(o, n int) []int {
	if err := g.canMove(o); err != nil {
		g.hookFailed(err)
		return nil
	}
	// o must have somewhere to go, or the phase could never end.
	sm := g.shareMover()
	g.weatherMover(sm)
	mp, err := g.Allowance(o)
	if err != nil {
		g.hookFailed(err)
		return nil
	}
	sm.Reach(o, mp)
	hook := g.Rules.Has("can_move_path")
	lim, err := g.limitsOf(o, "move")
	if err != nil {
		g.hookFailed(err)
		return nil
	}
	var out []int
	for _, h := range sm.Reached() {
		if int(h) == g.S.Units[o].Hex || !sm.CanEnd(o, int(h)) {
			continue
		}
		if !lim.allowsTo(sm, int(h)) {
			continue
		}
		if !hook || !lim.ask(g, int(h)) {
			out = append(out, int(h))
		} else if err := g.check("can_move_path", interp.Unit(o), interp.Strs(g.ids(sm.Path(int(h)))), interp.Str("move")); err == nil {
			out = append(out, int(h))
		} else {
			g.hookFailed(err)
		}
		if len(out) == n {
			break
		}
	}
	return out
}

// stackLeft refuses to end a movement phase while a hex holds two of the
// phasing side's combat units.
func (g *Game) stackLeft() error {
	p := g.Phase()
	if p.Kind != interp.PhaseMove || !g.Rules.ShareUntilMoved {
		return nil
	}
	over := g.S.Overstacked(p.Side)
	if len(over) == 0 {
		return nil
	}
	h := over[0] // the first in map order
	first := g.S.Occupant(h)
	var others []string
	for _, k := range g.S.UnitsAt(h) {
		if u := &g.S.Units[k]; k != first && u.Stacks {
			others = append(others, u.ID)
		}
	}
	return g.refuse("stack-leave", "%s must move out of %s, where %s ended its move, before the phase ends", g.S.Units[first].ID, g.S.Map.ID(h), strings.Join(others, ", "))
}

// inSupply reports whether unit k was in supply at the start of the phase.
func (g *Game) inSupply(k int) bool {
	u := &g.S.Units[k]
	return u.Status == core.OnMap && g.supplied[u.Side].Has(u.Hex)
}

// nextPhase ends the current phase and begins the next.
func (g *Game) nextPhase() error {
	p := g.Phase()
	if p.Kind == interp.PhaseReinforcement && !g.Rules.KeepPoints {
		g.points[p.Side] = 0 // R.keep_unused_points false (GDW: unused replacement points are lost)
	}
	g.pos++
	wrap := g.pos == len(g.order)
	if len(g.ends) > 0 {
		// phase_order marked the ends of the player turns
		if g.ends[g.pos-1] {
			if g.victory(p.Side.String() + "-turn") {
				return nil
			}
		}
	} else if wrap || g.Phase().Side != p.Side {
		if g.victory(p.Side.String() + "-turn") {
			return nil
		}
	}
	if wrap {
		if g.turn == g.fix.endTurn {
			g.pos--
			g.finish()
			return nil
		}
		g.turn++
		g.S.StraitUsed = [2]int{}
		if err := g.orderTurn(); err != nil {
			return err
		}
	}
	g.emit(EventPhase, fmt.Sprintf("%s: %s", g.TurnName(g.turn), g.Phase().ID), Field{"phase", g.Phase().ID}, Field{"turn", g.TurnName(g.turn)})
	return g.beginPhase()
}

// reinforce runs the start of side's reinforcement phase: withdrawals,
// then arrivals, then replacement points (GDW: Reinforcements and
// Replacements; Withdrawals; Returns).
//
// They come once a game turn, in the side's first reinforcement phase of
// the turn, whatever order the rules' phase_order gives: a repeated
// reinforcement phase brings nothing more (unused points were lost when
// the first ended), and when a turn leaves out a side's reinforcement
// phase, its units arrive, leave and return in the side's next one (its
// points for the turns left out are lost, as unused points are).
func (g *Game) reinforce(side core.Side) error {
	since := g.reinforced[side]
	if since >= g.turn {
		return nil
	}
	g.reinforced[side] = g.turn
	due := func(t int) bool { return t > since && t <= g.turn }
	for _, st := range g.Rules.ReinforcementSteps { // R.reinforcement_steps
		var err error
		switch st {
		case "withdraw":
			g.withdrawDue(side, due)
		case "arrive":
			err = g.arriveDue(side, due)
		case "pools":
			g.releasePools(side, due) // issue 5: ADC2 force pools due this turn (game/setup.go)
		case "points":
			err = g.givePoints(side)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// withdrawDue takes off the map side's units whose withdrawal is due.
func (g *Game) withdrawDue(side core.Side, due func(int) bool) {
	s, f := g.S, g.fix
	for k := range s.Units {
		u := &s.Units[k]
		if u.Side == side && due(f.withdraws[k]) && u.Status != core.Withdrawn {
			s.Take(k, core.Withdrawn)
			g.awaiting[k] = false
			g.emit(EventWithdraw, u.ID+" is withdrawn", Field{"unit", u.ID})
		}
	}
}

// arriveDue brings side's due reinforcements and returns, to be placed.
func (g *Game) arriveDue(side core.Side, due func(int) bool) error {
	s, f := g.S, g.fix
	for k := range s.Units {
		u := &s.Units[k]
		arrives := (due(f.arrives[k]) && u.Status == core.Pending && !g.awaiting[k]) || (due(f.returns[k]) && u.Status == core.Withdrawn)
		if u.Side != side || !arrives {
			continue
		}
		u.Status = core.Pending
		g.awaiting[k] = true
		half, err := g.Rules.Bool("arrival_reduced", interp.Unit(k), interp.Turn())
		if err != nil {
			return err
		}
		if half {
			u.Reduced = true
		}
		g.emit(EventArrive, fmt.Sprintf("%s arrives (%s strength): place it", u.ID, map[bool]string{true: "half", false: "full"}[u.Reduced]),
			Field{"unit", u.ID}, Field{"strength", u.AttackNow()})
	}
	return nil
}

// givePoints gives side its replacement points for the turn: the
// scenario's, by turn, else by year (game/setup.go), as the rules'
// replacement_points hook says.
func (g *Game) givePoints(side core.Side) error {
	chart := g.ReplacementPoints(side, g.turn)
	pts, err := g.Rules.Int("replacement_points", chart, interp.Str(side.String()), interp.Num(chart), interp.Turn())
	if err != nil {
		return err
	}
	if pts < 0 || pts > scenario.MaxPoints*10 {
		return fmt.Errorf("%s: replacement_points returned %d for the %s player; it must be 0..%d", g.Rules.Module.Module, pts, side, scenario.MaxPoints*10)
	}
	kept := 0
	if g.Rules.KeepPoints {
		kept = g.points[side]
	}
	g.points[side] = min(pts+kept, scenario.MaxPoints*10)
	switch {
	case kept > 0:
		g.emit(EventPoints, fmt.Sprintf("%s receives %d replacement points; with %d kept, %d", side, pts, kept, g.points[side]), Field{"side", side.String()}, Field{"points", pts}, Field{"total", g.points[side]})
	case pts > 0:
		g.emit(EventPoints, fmt.Sprintf("%s receives %d replacement points", side, pts), Field{"side", side.String()}, Field{"points", pts})
	}
	return nil
}

// victory checks the scenario's victory conditions for the moment when
// ("axis-turn", "soviet-turn" at the end of that player turn, "end") and
// prints each one met; a win ends the game. It reports whether it did.
func (g *Game) victory(when string) bool {
	for _, v := range g.CheckVictory(when) {
		g.emit(EventVictory, v.Text, Field{"side", v.Side.String()}, Field{"result", v.Result.String()}, Field{"turn", g.TurnName(g.turn)}, Field{"when", when})
		if v.Result == LevelWin {
			g.endWith(v.Side, v.Result, v.Text)
			return true
		}
	}
	return false
}

// finish ends the game after its last turn: the conditions for the end
// decide the verdict.
func (g *Game) finish() {
	best := VictoryResult{Side: core.NoSide}
	for _, v := range g.CheckVictory("end") {
		g.emit(EventVictory, v.Text, Field{"side", v.Side.String()}, Field{"result", v.Result.String()}, Field{"turn", g.TurnName(g.turn)}, Field{"when", "end"})
		if best.Side == core.NoSide || v.Result.Rank() > best.Result.Rank() {
			best = v
		}
	}
	if best.Side == core.NoSide {
		best = g.defaultVerdict()
	}
	g.endWith(best.Side, best.Result, best.Text)
}

// EndGame ends the game with a winner (core.NoSide for none): for rules
// modules whose victory conditions are theirs (interp.World).
func (g host) EndGame(winner core.Side, text string) {
	result := LevelWin
	if winner == core.NoSide {
		result = LevelDraw
	}
	g.endWith(winner, result, text)
}

// endWith ends the game with its verdict: the winner, the level and the
// condition that decided it.
func (g *Game) endWith(winner core.Side, result Level, text string) {
	if g.over {
		return
	}
	g.over = true
	g.winner, g.result, g.reason = winner, result, text
	w := ""
	if winner != core.NoSide {
		w = winner.String()
	}
	g.emit(EventVerdict, "verdict: "+g.VerdictText(), Field{"winner", w}, Field{"result", result.String()}, Field{"condition", text}, Field{"turn", g.TurnName(g.turn)})
	g.emit(EventEnd, "the game is over after "+g.TurnName(g.turn)+": "+g.VerdictText(), Field{"turn", g.TurnName(g.turn)}, Field{"winner", w},
		Field{"result", result.String()}, Field{"condition", text})
}

// VerdictText says who won and why, once the game is over.
func (g *Game) VerdictText() string {
	if !g.over {
		return ""
	}
	if g.winner == core.NoSide {
		return "no winner (" + g.reason + ")"
	}
	return fmt.Sprintf("%s %s (%s)", g.winner, g.result, g.reason)
}

// Verdict is the winner (core.NoSide for none or before the end), the
// level (win, decisive, marginal, draw) and the condition.
func (g *Game) Verdict() (core.Side, Level, string) { return g.winner, g.result, g.reason }

// defaultVerdict is the scenario's result when no condition for the end
// holds: its default winner, else a draw.
func (g *Game) defaultVerdict() VictoryResult {
	d := g.Sc.Victory.Default
	side, err := core.ParseSide(d)
	if d == "" || err != nil {
		return VictoryResult{Side: core.NoSide, Result: LevelDraw, Text: "no victory condition holds"}
	}
	return VictoryResult{Side: side, Result: LevelWin, Text: "no victory condition holds at the end: the scenario's default winner"}
}

// PlayTurns plays both sides as Pass players (every pending choice made
// by its default, reinforcements placed by the automatic rule) until n
// turns from the scenario's start have been played or the game is over.
func (g *Game) PlayTurns(n int) error {
	if !g.auto {
		if err := g.Exec("auto on"); err != nil {
			return err
		}
	}
	return Play(g, [2]Player{}, func() bool { return g.setupStep == nil && g.turn >= g.fix.start+n })
}

func itoa(n int) string { return strconv.Itoa(n) }

// closeAreas marks the hexes of the countries and regions the rules close
// to a side (R.closed).
func (g *Game) closeAreas() error {
	m := g.S.Map
	for side, names := range g.Rules.Closed {
		names = append(names[:len(names):len(names)], g.Sc.Closed[side]...) // the scenario's [closed], checked when it was read
		for _, name := range names {
			var area core.Bitset
			if reg, ok := m.Region(name); ok {
				area = reg.Hexes
			}
			found := area != nil
			if g.fix.closed[side] == nil {
				g.fix.closed[side] = core.NewBitset(m.Len())
			}
			for h := range m.Len() {
				if m.CountryOf(h) == name || (area != nil && area.Has(h)) {
					g.fix.closed[side].Set(h)
					found = true
				}
			}
			if !found {
				return fmt.Errorf("%s: closed.%s: %q is neither a country nor a region of the map", g.Rules.Module.Module, core.Side(side), name)
			}
		}
	}
	return nil
}
