package game

import (
	"cmp"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"path/filepath"
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
	Dice    []int // forced die rolls, used before the seeded dice
	Auto    bool  // make every pending choice by its default
	// AutoSetup places every setup unit by the documented rule (game/setup.go).
	AutoSetup bool
}

// Game is a scenario being played.
type Game struct {
	Sc    *scenario.Scenario
	Rules *interp.Rules
	S     *core.State
	Opts  Options

	mover *core.Mover
	// shareMover checks, apart from mover, that a unit shared with can leave.
	shareMover *core.Mover
	supplier   *core.Supplier

	turn, endTurn int // year*len(calendar)+slot
	phase         int
	over          bool
	weather       string // this movement phase's weather
	supplied      [2]core.Bitset
	railFriendly  []core.Side
	moved         []bool // moved (or rail-moved) this phase
	attacked      []bool // attacked this phase
	defended      []bool // attacked this phase as defender
	railUsed      int
	awaiting      []bool // arrived, waiting to be placed
	points        [2]int
	arrives       []int // turn each unit arrives, -1
	withdraws     []int
	returns       []int

	battle *battle
	steps  []step
	// hookErr is a failure of a hook that cannot refuse (on_eliminated),
	// returned by the command during which it happened.
	hookErr error
	flags   []map[string]string // rules modules' flags per unit (World.SetFlag)

	history   []string // every accepted command, for saves
	variant   string   // the rules as chosen ("gdw", "adc2", a path)
	startDice []int    // the forced dice as given
	startAuto bool

	setupStep *setupState // the setup step before the first phase (game/setup.go)

	dice  []int
	rng   *rand.Rand
	rolls int

	log  []Event
	sink func(Event)
}

// New sets up a game of sc. builtin holds the rules/ directory.
func New(sc *scenario.Scenario, o Options, builtin fs.FS, sink func(Event)) (*Game, error) {
	g := &Game{Sc: sc, Opts: o, sink: sink, dice: append([]int(nil), o.Dice...), startDice: o.Dice, startAuto: o.Auto, weather: "clear"}
	seed := sc.Seed
	if o.SeedSet {
		seed = o.Seed
	}
	g.rng = rand.New(rand.NewPCG(uint64(seed), 0x9e3779b97f4a7c15))
	variant := o.Rules
	if variant == "" {
		variant = cmp.Or(sc.RulesPath, sc.Rules) // a module next to the scenario, found by the loader
	}
	if variant == "" {
		variant = "gdw"
	}
	g.variant = variant
	if strings.HasSuffix(variant, ".lua") {
		if abs, err := filepath.Abs(variant); err == nil {
			g.variant = abs
		}
	}
	r, err := interp.LoadWith(variant, builtin, g.rollN, g, sc.SpecialPath, sc.SpecialSource)
	if err != nil {
		return nil, err
	}
	g.Rules = r
	if err := g.setup(); err != nil {
		r.Close()
		return nil, err
	}
	return g, nil
}

// Close releases the rules' Lua state.
func (g *Game) Close() { g.Rules.Close() }

func (g *Game) fileErr(line int, format string, a ...any) error {
	return &scenario.Error{File: g.Sc.File, Line: line, Msg: fmt.Sprintf(format, a...)}
}

// ParseTurn reads a turn name such as "Sep/Oct 1941" against the rules'
// calendar.
func (g *Game) ParseTurn(s string) (int, error) {
	months := make([]string, len(g.Rules.Calendar))
	for k, m := range g.Rules.Calendar {
		months[k] = m.Name
	}
	return scenario.ParseTurnIn(s, months)
}

// TurnName prints turn t.
func (g *Game) TurnName(t int) string {
	n := len(g.Rules.Calendar)
	return fmt.Sprintf("%s %d", g.Rules.Calendar[t%n].Name, t/n)
}

func (g *Game) setup() error {
	sc, r := g.Sc, g.Rules
	var err error
	if g.turn, err = g.ParseTurn(sc.Start); err != nil {
		return g.fileErr(sourceLine(sc, "start"), "start: %v", err)
	}
	g.endTurn = g.turn
	if sc.End != "" {
		if g.endTurn, err = g.ParseTurn(sc.End); err != nil {
			return g.fileErr(sourceLine(sc, "end"), "end: %v", err)
		}
	}
	if g.endTurn < g.turn {
		return g.fileErr(sourceLine(sc, "end"), "end (%s) comes before start (%s)", sc.End, sc.Start)
	}
	units := make([]core.Unit, len(sc.Units))
	n := len(units)
	g.arrives, g.withdraws, g.returns = make([]int, n), make([]int, n), make([]int, n)
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
		u := core.Unit{ID: us.ID, Name: us.Name, Side: us.SideOf(), Nation: us.Nation, Kind: us.Kind, Size: size, Class: class,
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
		g.arrives[k], g.withdraws[k], g.returns[k] = -1, -1, -1
		for _, t := range []struct {
			s   string
			key string
			dst *int
		}{{us.Arrives, "arrives", &g.arrives[k]}, {us.Withdraws, "withdraws", &g.withdraws[k]}, {us.Returns, "returns", &g.returns[k]}} {
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
		case us.Arrives != "" && g.arrives[k] >= g.turn:
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
	g.mover = core.NewMover(s, &r.Move)
	if r.ShareUntilMoved {
		g.mover.MayShare = g.mayShare
	}
	g.supplier = core.NewSupplier(s)
	g.supplied[0], g.supplied[1] = core.NewBitset(sc.Map.Len()), core.NewBitset(sc.Map.Len())
	g.moved, g.attacked, g.defended, g.awaiting = make([]bool, n), make([]bool, n), make([]bool, n), make([]bool, n)
	g.flags = make([]map[string]string, n)
	g.phase = 0
	if sc.Phase != "" {
		g.phase = -1
		for i, p := range r.Phases {
			if p.ID == sc.Phase {
				g.phase = i
			}
		}
		if g.phase < 0 {
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

// Phase returns the current phase.
func (g *Game) Phase() *interp.Phase { return &g.Rules.Phases[g.phase] }

// Over reports whether the last turn has ended.
func (g *Game) Over() bool { return g.over }

// Log returns every event so far.
func (g *Game) Log() []Event { return g.log }

func (g *Game) emit(kind, text string, fields ...Field) {
	e := Event{Kind: kind, Fields: fields, Text: text}
	g.log = append(g.log, e)
	if g.sink != nil {
		g.sink(e)
	}
}

// rollN is the engine's seeded dice: first the forced rolls, then the RNG.
func (g *Game) rollN(n int) int {
	g.rolls++
	if n == 6 && len(g.dice) > 0 {
		d := g.dice[0]
		g.dice = g.dice[1:]
		return d
	}
	return 1 + g.rng.IntN(n)
}

// Roll rolls one six-sided die (interp.Host).
func (g *Game) Roll() int { return g.rollN(6) }

// Turn describes the current turn (interp.Host).
func (g *Game) Turn() interp.TurnInfo {
	n := len(g.Rules.Calendar)
	m := g.Rules.Calendar[g.turn%n]
	return interp.TurnInfo{Name: g.TurnName(g.turn), Month: m.Name, Year: g.turn / n, Weather: m.Weather, Index: g.turn}
}

// SetWeather sets this movement phase's weather (interp.Host).
func (g *Game) SetWeather(w string, die int, cite string) {
	g.weather = w
	if die == 0 {
		return
	}
	g.emit("weather", fmt.Sprintf("weather roll %d: %s for %s (%s)", die, w, g.Phase().ID, cite),
		Field{"phase", g.Phase().ID}, Field{"turn", g.TurnName(g.turn)}, Field{"die", die}, Field{"weather", w}, Field{"rule", cite})
}

// beginPhase does what happens as a phase begins.
func (g *Game) beginPhase() error {
	p := g.Phase()
	g.Rules.Begin(p.ID)
	clear(g.moved)
	clear(g.attacked)
	clear(g.defended)
	g.railUsed = 0
	g.weather = "clear"
	g.railFriendly = append(g.railFriendly[:0], g.S.RailOwner...)
	if p.Kind == "move" || p.Kind == "combat" || p.Kind == "reinforcement" {
		if err := g.snapshotSupply(p.Side); err != nil {
			return err
		}
	}
	if p.Kind == "reinforcement" {
		g.reinforce(p.Side)
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
			return nil, fmt.Errorf("%s: supply_sources: %v", g.Rules.Module, err)
		}
		extra = append(extra, h)
	}
	if sea := g.Rules.SeaSupply[side]; sea != "" {
		reg, _ := g.S.Map.Region(sea)
		return g.supplier.TraceBySea(side, reg, extra), nil
	}
	return g.supplier.Trace(side, extra), nil
}

// mayShare lets unit k end its move on the friend o for now when o has
// not moved in this phase and may still move in it (rules with
// share_until_moved: ADC2: Movement Phases). The stack must be gone when
// the phase ends.
func (g *Game) mayShare(k, o int) bool {
	p := g.Phase()
	uo := &g.S.Units[o]
	if p.Kind != "move" || uo.Side != g.S.Units[k].Side || g.moved[o] || (p.Classes != nil && !p.Classes[uo.Class]) {
		return false
	}
	// o must have somewhere to go, or the phase could never end.
	if g.shareMover == nil {
		g.shareMover = core.NewMover(g.S, &g.Rules.Move)
	}
	sm := g.shareMover
	sm.Extra = g.mover.Extra
	sm.Reach(o, g.MP(o))
	for _, h := range sm.Reached() {
		if sm.CanEnd(o, int(h)) {
			return true
		}
	}
	return false
}

// stackLeft refuses to end a movement phase while a hex holds two of the
// phasing side's combat units.
func (g *Game) stackLeft() error {
	p := g.Phase()
	if p.Kind != "move" || !g.Rules.ShareUntilMoved {
		return nil
	}
	for _, h := range g.S.Overstacked(p.Side) {
		first := g.S.Occupant(h)
		var others []string
		for k := range g.S.Units {
			if u := &g.S.Units[k]; k != first && u.Status == core.OnMap && u.Hex == h && u.Stacks {
				others = append(others, u.ID)
			}
		}
		return g.refuse("stack-leave", "%s must move out of %s, where %s ended its move, before the phase ends", g.S.Units[first].ID, g.S.Map.ID(h), strings.Join(others, ", "))
	}
	return nil
}

// inSupply reports whether unit k was in supply at the start of the phase.
func (g *Game) inSupply(k int) bool {
	u := &g.S.Units[k]
	return u.Status == core.OnMap && g.supplied[u.Side].Has(u.Hex)
}

// nextPhase ends the current phase and begins the next.
func (g *Game) nextPhase() error {
	p := g.Phase()
	if p.Kind == "reinforcement" {
		g.points[p.Side] = 0 // GDW: unused replacement points are lost
	}
	g.phase++
	wrap := g.phase == len(g.Rules.Phases)
	if wrap {
		g.phase = 0
	}
	if wrap || g.Rules.Phases[g.phase].Side != p.Side {
		if g.victory(p.Side.String() + "-turn") {
			return nil
		}
	}
	if wrap {
		if g.turn == g.endTurn {
			if g.victory("end") {
				return nil
			}
			g.over = true
			g.emit("end", "the game is over after "+g.TurnName(g.turn), Field{"turn", g.TurnName(g.turn)})
			return nil
		}
		g.turn++
		g.S.StraitUsed = [2]int{}
	}
	g.emit("phase", fmt.Sprintf("%s: %s", g.TurnName(g.turn), g.Phase().ID), Field{"phase", g.Phase().ID}, Field{"turn", g.TurnName(g.turn)})
	return g.beginPhase()
}

// reinforce runs the start of side's reinforcement phase: withdrawals,
// then arrivals, then replacement points (GDW: Reinforcements and
// Replacements; Withdrawals; Returns).
func (g *Game) reinforce(side core.Side) {
	s := g.S
	for k := range s.Units {
		u := &s.Units[k]
		if u.Side == side && g.withdraws[k] == g.turn && u.Status != core.Withdrawn {
			s.Take(k, core.Withdrawn)
			g.awaiting[k] = false
			g.emit("withdraw", u.ID+" is withdrawn", Field{"unit", u.ID})
		}
	}
	t := g.Turn()
	for k := range s.Units {
		u := &s.Units[k]
		due := (g.arrives[k] == g.turn && u.Status == core.Pending) || (g.returns[k] == g.turn && u.Status == core.Withdrawn)
		if u.Side != side || !due {
			continue
		}
		u.Status = core.Pending
		g.awaiting[k] = true
		half, _ := g.Rules.Bool("arrival_reduced", g.unitTable(k), g.turnTable(t))
		if half {
			u.Reduced = true
		}
		g.emit("arrive", fmt.Sprintf("%s arrives (%s strength): place it", u.ID, map[bool]string{true: "half", false: "full"}[u.Reduced]),
			Field{"unit", u.ID}, Field{"strength", u.AttackNow()})
	}
	g.releasePools(side) // issue 5: ADC2 force pools due this turn (game/setup.go)
	// by turn, else by year (game/setup.go)
	g.points[side] = g.ReplacementPoints(side, g.turn)
	if g.points[side] > 0 {
		g.emit("points", fmt.Sprintf("%s receives %d replacement points", side, g.points[side]), Field{"side", side.String()}, Field{"points", g.points[side]})
	}
}

// victory checks the scenario's victory conditions for the moment when
// ("axis-turn", "soviet-turn" at the end of that player turn, "end") and
// prints each one met; a win ends the game. It reports whether it did.
func (g *Game) victory(when string) bool {
	for _, v := range g.CheckVictory(when) {
		g.emit("victory", v.Text, Field{"side", v.Side.String()}, Field{"result", v.Result}, Field{"turn", g.TurnName(g.turn)}, Field{"when", when})
		if v.Result == "win" {
			g.EndGame(v.Side.String(), v.Text)
			return true
		}
	}
	return false
}

// EndGame ends the game with a winner ("" for none): for rules modules
// whose victory conditions are theirs (World).
func (g *Game) EndGame(winner, text string) {
	if g.over {
		return
	}
	g.over = true
	g.emit("end", "the game is over: "+text, Field{"turn", g.TurnName(g.turn)}, Field{"winner", winner})
}

// PlayTurns ends phases (making every pending choice by default) until n
// turns from the scenario's start have been played or the game is over.
func (g *Game) PlayTurns(n int) error {
	start, _ := g.ParseTurn(g.Sc.Start)
	if !g.Opts.Auto {
		if err := g.Exec("auto on"); err != nil {
			return err
		}
	}
	if g.setupStep != nil { // issue 5: finish a setup step first
		if err := g.AutoSetup(); err != nil {
			return err
		}
		g.history = append(g.history, autoSetupMark)
	}
	for !g.over && g.turn < start+n {
		if len(g.steps) > 0 {
			if err := g.run(); err != nil {
				return err
			}
			continue
		}
		if g.Phase().Kind == "reinforcement" {
			if err := g.placeArrivals(); err != nil {
				return err
			}
		}
		if err := g.Exec("end"); err != nil {
			return err
		}
	}
	return nil
}

// placeArrivals places each waiting reinforcement of the phasing side by
// the documented default: in scenario order, on the first hex that takes
// it, trying the side's friendly cities in map order, then its map edge
// from north to south. One with nowhere to go waits.
func (g *Game) placeArrivals() error {
	side := g.Phase().Side
	m := g.S.Map
	var hexes []int
	for _, c := range m.Cities {
		hexes = append(hexes, c.Hex)
	}
	hexes = append(hexes, m.Edge[side]...)
	for k := range g.S.Units {
		if !g.awaiting[k] || g.S.Units[k].Side != side {
			continue
		}
		var ut interp.Value // the unit's Lua table, made once for all hexes
		if g.Rules.Has("can_place") {
			ut = g.unitTable(k)
		}
		for _, h := range hexes {
			if g.S.Control[h] != side || g.S.CanPlace(k, h) != nil || g.placeHexAs(ut, k, h, "place", false) != nil {
				continue
			}
			if err := g.Exec("place " + g.S.Units[k].ID + " " + m.ID(h)); err == nil {
				break
			} else if _, refused := err.(*Refusal); !refused {
				return err
			}
		}
	}
	return nil
}
