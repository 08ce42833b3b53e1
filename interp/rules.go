package interp

import (
	"crypto/sha256"
	"fmt"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"
	"time"

	lua "github.com/yuin/gopher-lua"

	"gpw/core"
)

// Variants maps the built-in variant names to their modules.
var Variants = map[string]string{"gdw": "base", "adc2": "adc2"}

// HookLimit is the time one phase's Lua calls may take together.
var HookLimit = 2 * time.Second

// Phase is one phase of the sequence of play.
type Phase struct {
	ID      string
	Side    core.Side
	Kind    string // reinforcement, rail, move, combat
	Classes []bool // by class: may move in this phase (nil: all)
	Weather bool   // a weather roll opens it
	tbl     *lua.LTable
}

// Month is one turn of the calendar year.
type Month struct {
	Name    string
	Weather string // the turn's mark: "", "snow" or "mud"
}

// WeatherFx is what a weather does to movement and combat.
type WeatherFx struct {
	MoveExtra  int
	MPHalf     bool
	AttackHalf bool
}

// Rules is a loaded rules module: its data compiled into Go values, and
// its hooks, called through its sandbox.
type Rules struct {
	ID, Name, Description string
	Module                string // the file it was loaded from
	Classes               []string
	KindClass             map[string]int
	Armor                 map[string]bool
	Move                  core.MoveRules
	Calendar              []Month
	Weather               map[string]WeatherFx
	Phases                []Phase
	Cite                  map[string]string
	RailNoZOC             bool
	RailZOCStop           bool   // a rail move stops on entering an enemy ZOC (GDW)
	RailLimit             [2]int // units per phase; 0: no limit
	Retreat               core.RetreatOpts
	RetreatAvoidZOC       bool // only the retreats through the fewest enemy ZOC hexes are legal (ADC2)
	CRTColumns            []string
	NonCombat             map[string]bool // kinds that do not count for stacking and have no ZOC
	OwnHexZOC             map[string]bool // kinds whose ZOC is their own hex only
	NonStacking           map[string]bool // combat kinds that do not take a hex's one stacking place (ADC2: airborne)
	NoOccupy              map[string]bool // kinds that take no control and open no supply line in enemy ZOC (ADC2: only combat units)
	SeaSupply             [2]string       // per side: the sea region for supply by sea, "" for none
	PlaceCityNoZOC        bool            // reinforcements may not enter a city in enemy ZOC
	// ShareUntilMoved lets a unit end its move on a friend that has not
	// moved yet in the phase; the friend must leave before the phase ends.
	ShareUntilMoved bool
	CRT             [][]string // by die-1, column-1

	sb  *Sandbox
	tbl *lua.LTable
	bt  *battleTables
}

// Load loads a variant: "gdw", "adc2" or the path of a .lua file that
// requires one of them. builtin holds the built-in rules/ directory.
func Load(variant string, builtin fs.FS, dice func(int) int, host Host) (*Rules, error) {
	return LoadWith(variant, builtin, dice, host, "", nil)
}

// LoadWith loads a variant, then a scenario's special rules: a chunk that
// returns function(R) ... return R end, which changes the rules like a house
// module does.
func LoadWith(variant string, builtin fs.FS, dice func(int) int, host Host, specialName string, special []byte) (*Rules, error) {
	opts := Options{FS: builtin, FSRoot: "rules", Dice: dice}
	name, ok := Variants[variant]
	module := "rules/" + name + ".lua"
	if !ok {
		if !strings.HasSuffix(variant, ".lua") {
			return nil, fmt.Errorf("unknown rules %q: use gdw, adc2 or the path of a .lua module", variant)
		}
		abs, err := filepath.Abs(variant)
		if err != nil {
			return nil, err
		}
		opts.SearchPath = []string{filepath.Dir(abs)}
		name = strings.TrimSuffix(filepath.Base(abs), ".lua")
		module = variant
	}
	sb := NewSandbox(opts)
	installAPI(sb.L, host)
	sb.SetPhase("load", HookLimit)
	v, err := sb.Require(name)
	if err != nil {
		sb.Close()
		return nil, err
	}
	t, ok := v.(*lua.LTable)
	if !ok {
		sb.Close()
		return nil, fmt.Errorf("%s: a rules module must return a table, not %s", module, v.Type())
	}
	if specialName != "" {
		if t, err = applySpecial(sb, t, specialName, special); err != nil {
			sb.Close()
			return nil, err
		}
	}
	r := &Rules{Module: module, sb: sb, tbl: t}
	if err := r.compile(); err != nil {
		sb.Close()
		return nil, fmt.Errorf("%s: %w", module, err)
	}
	return r, nil
}

func applySpecial(sb *Sandbox, t *lua.LTable, name string, src []byte) (*lua.LTable, error) {
	v, err := sb.Run(name, src)
	if err != nil {
		return nil, err
	}
	f, ok := v.(*lua.LFunction)
	if !ok {
		return nil, fmt.Errorf("%s: special rules must return function(R) ... return R end, not %s", name, v.Type())
	}
	ret, err := sb.Call(f, 1, t)
	if err != nil {
		return nil, err
	}
	if nt, ok := ret[0].(*lua.LTable); ok {
		return nt, nil
	}
	return t, nil
}

// Close releases the Lua state.
func (r *Rules) Close() { r.sb.Close() }

func str(t *lua.LTable, k string) string {
	if s, ok := t.RawGetString(k).(lua.LString); ok {
		return string(s)
	}
	return ""
}

func num(t *lua.LTable, k string, def int) int {
	if n, ok := t.RawGetString(k).(lua.LNumber); ok {
		return int(n)
	}
	return def
}

func truth(v lua.LValue) bool { return lua.LVAsBool(v) }

func table(t *lua.LTable, k string) *lua.LTable {
	if s, ok := t.RawGetString(k).(*lua.LTable); ok {
		return s
	}
	return nil
}

// strings of an array table, in order.
func list(t *lua.LTable) []string {
	var out []string
	if t == nil {
		return nil
	}
	for i := 1; i <= t.Len(); i++ {
		out = append(out, lua.LVAsString(t.RawGetInt(i)))
	}
	return out
}

// keys of a table with string keys, sorted (never rely on pairs order).
func keys(t *lua.LTable) []string {
	var out []string
	if t == nil {
		return nil
	}
	t.ForEach(func(k, _ lua.LValue) {
		if s, ok := k.(lua.LString); ok {
			out = append(out, string(s))
		}
	})
	sort.Strings(out)
	return out
}

func (r *Rules) compile() error {
	t := r.tbl
	r.ID, r.Name, r.Description = str(t, "id"), str(t, "name"), str(t, "description")
	if r.ID == "" {
		return fmt.Errorf("the rules table has no id")
	}
	r.Classes = list(table(t, "classes"))
	if len(r.Classes) == 0 {
		return fmt.Errorf("classes: at least one movement class is needed")
	}
	classIdx := map[string]int{}
	for i, c := range r.Classes {
		classIdx[c] = i
	}
	r.KindClass = map[string]int{}
	kinds := table(t, "kinds")
	for _, k := range keys(kinds) {
		c := lua.LVAsString(kinds.RawGetString(k))
		i, ok := classIdx[c]
		if !ok {
			return fmt.Errorf("kinds.%s: unknown class %q", k, c)
		}
		r.KindClass[k] = i
	}
	r.Armor = map[string]bool{}
	ak := table(t, "armor_kinds")
	for _, k := range keys(ak) {
		r.Armor[k] = truth(ak.RawGetString(k))
	}
	// movement costs
	mc := table(t, "move_cost")
	r.Move.Cost = make([][core.NumTerrain]int8, len(r.Classes))
	for ci, c := range r.Classes {
		ct := table(mc, c)
		if ct == nil {
			return fmt.Errorf("move_cost.%s is missing", c)
		}
		for tt := core.Terrain(0); tt < core.NumTerrain; tt++ {
			v := ct.RawGetString(tt.String())
			switch v := v.(type) {
			case lua.LNumber:
				if v < 1 || v > 100 {
					return fmt.Errorf("move_cost.%s.%s: %v is out of range 1..100", c, tt, v)
				}
				r.Move.Cost[ci][tt] = int8(v)
			case lua.LString:
				if v != "stop" {
					return fmt.Errorf("move_cost.%s.%s: %q (a number, \"stop\" or absent)", c, tt, string(v))
				}
				r.Move.Cost[ci][tt] = core.CostStop
			default:
				r.Move.Cost[ci][tt] = core.CostNo
			}
		}
	}
	r.Move.RiverExtra = num(t, "river_extra", 0)
	if st := table(t, "strait"); st != nil {
		r.Move.StraitExtra = num(st, "extra", 0)
		r.Move.StraitLimit = num(st, "per_turn", 0)
		r.Move.StraitNo = make([]bool, len(r.Classes))
		closed := table(st, "closed")
		for _, c := range keys(closed) {
			if i, ok := classIdx[c]; ok {
				r.Move.StraitNo[i] = truth(closed.RawGetString(c))
			}
		}
	}
	// calendar and weather
	cal := table(t, "calendar")
	for i := 1; cal != nil && i <= cal.Len(); i++ {
		m, _ := cal.RawGetInt(i).(*lua.LTable)
		if m == nil {
			return fmt.Errorf("calendar[%d] must be a table", i)
		}
		r.Calendar = append(r.Calendar, Month{Name: str(m, "name"), Weather: str(m, "weather")})
	}
	if len(r.Calendar) == 0 {
		return fmt.Errorf("calendar is empty")
	}
	r.Weather = map[string]WeatherFx{}
	wt := table(t, "weather")
	for _, w := range keys(wt) {
		e, _ := wt.RawGetString(w).(*lua.LTable)
		if e == nil {
			continue
		}
		r.Weather[w] = WeatherFx{MoveExtra: num(e, "move_extra", 0), MPHalf: truth(e.RawGetString("mp_half")), AttackHalf: truth(e.RawGetString("attack_half"))}
	}
	// phases
	ph := table(t, "phases")
	for i := 1; ph != nil && i <= ph.Len(); i++ {
		p, _ := ph.RawGetInt(i).(*lua.LTable)
		if p == nil {
			return fmt.Errorf("phases[%d] must be a table", i)
		}
		side, err := core.ParseSide(str(p, "side"))
		if err != nil {
			return fmt.Errorf("phases[%d]: %v", i, err)
		}
		phase := Phase{ID: str(p, "id"), Side: side, Kind: str(p, "kind"), Weather: truth(p.RawGetString("weather")), tbl: p}
		switch phase.Kind {
		case "reinforcement", "rail", "move", "combat":
		default:
			return fmt.Errorf("phases[%d] (%s): kind %q is not reinforcement, rail, move or combat", i, phase.ID, phase.Kind)
		}
		if cl := table(p, "classes"); cl != nil {
			phase.Classes = make([]bool, len(r.Classes))
			for _, c := range list(cl) {
				ci, ok := classIdx[c]
				if !ok {
					return fmt.Errorf("phases[%d] (%s): unknown class %q", i, phase.ID, c)
				}
				phase.Classes[ci] = true
			}
		}
		r.Phases = append(r.Phases, phase)
	}
	if len(r.Phases) == 0 {
		return fmt.Errorf("phases is empty")
	}
	r.Cite = map[string]string{}
	ct := table(t, "cite")
	for _, k := range keys(ct) {
		r.Cite[k] = lua.LVAsString(ct.RawGetString(k))
	}
	if rl := table(t, "rail"); rl != nil {
		r.RailNoZOC = truth(rl.RawGetString("no_enemy_zoc"))
		r.RailZOCStop = truth(rl.RawGetString("zoc_stop"))
		if lim := table(rl, "limit"); lim != nil {
			r.RailLimit = [2]int{num(lim, "axis", 0), num(lim, "soviet", 0)}
		}
	}
	r.Retreat = core.RetreatOpts{Hexes: 2, MaxExtra: 4}
	if rt := table(t, "retreat"); rt != nil {
		r.Retreat = core.RetreatOpts{Hexes: num(rt, "hexes", 2), MaxExtra: num(rt, "max_extra", 4), AvoidZOCEnd: truth(rt.RawGetString("avoid_zoc_end")),
			FriendOpensZOC: truth(rt.RawGetString("friend_opens_zoc"))}
		r.RetreatAvoidZOC = truth(rt.RawGetString("avoid_zoc"))
	}
	if st := table(t, "stacking"); st != nil {
		r.Retreat.StackWith, r.Retreat.StackAlone = num(st, "nonstacking_with_combat", 0), num(st, "nonstacking_alone", 0)
	}
	r.NonCombat, r.OwnHexZOC = boolSet(table(t, "noncombat")), boolSet(table(t, "zoc_own_hex"))
	r.NonStacking, r.NoOccupy = boolSet(table(t, "nonstacking")), boolSet(table(t, "no_occupy"))
	if ss := table(t, "sea_supply"); ss != nil {
		r.SeaSupply = [2]string{str(ss, "axis"), str(ss, "soviet")}
	}
	r.PlaceCityNoZOC = truth(t.RawGetString("place_city_no_zoc"))
	r.ShareUntilMoved = truth(t.RawGetString("share_until_moved"))
	crt := table(t, "crt")
	if crt == nil {
		return fmt.Errorf("crt is missing")
	}
	r.CRTColumns = list(table(crt, "columns"))
	rows := table(crt, "rows")
	for i := 1; rows != nil && i <= rows.Len(); i++ {
		row := list(rows.RawGetInt(i).(*lua.LTable))
		if len(row) != len(r.CRTColumns) {
			return fmt.Errorf("crt.rows[%d] has %d results for %d columns", i, len(row), len(r.CRTColumns))
		}
		r.CRT = append(r.CRT, row)
	}
	return nil
}

func boolSet(t *lua.LTable) map[string]bool {
	m := map[string]bool{}
	for _, k := range keys(t) {
		m[k] = truth(t.RawGetString(k))
	}
	return m
}

// Field returns the rules table's field name (LNil when absent): a
// module's optional data for other readers, such as the computer
// players' doctrine R.bot (docs/bots.md).
func (r *Rules) Field(name string) lua.LValue { return r.tbl.RawGetString(name) }

// CiteRule turns a rule key into a citation.
func (r *Rules) CiteRule(key string) string {
	if c, ok := r.Cite[key]; ok {
		return c
	}
	return r.Cite["unknown"]
}

// ClassOf returns the movement class of a unit kind.
func (r *Rules) ClassOf(kind string) (int, bool) {
	c, ok := r.KindClass[kind]
	return c, ok
}

// Begin names the phase for error messages and arms its time limit.
func (r *Rules) Begin(phase string) { r.sb.SetPhase(phase, HookLimit) }

// Has reports whether the module defines the hook name: callers skip
// building a hook's arguments when it does not.
func (r *Rules) Has(name string) bool { return r.hook(name) != nil }

// hook returns the rules' function name, or nil.
func (r *Rules) hook(name string) lua.LValue {
	if f, ok := r.tbl.RawGetString(name).(*lua.LFunction); ok {
		return f
	}
	return nil
}

// OnPhaseStart calls on_phase_start(phase) if the module has it.
func (r *Rules) OnPhaseStart(p *Phase) error {
	f := r.hook("on_phase_start")
	if f == nil {
		return nil
	}
	pt := r.sb.L.CreateTable(0, 4)
	pt.RawSetString("id", lua.LString(p.ID))
	pt.RawSetString("side", lua.LString(p.Side.String()))
	pt.RawSetString("kind", lua.LString(p.Kind))
	pt.RawSetString("weather", lua.LBool(p.Weather))
	_, err := r.sb.Call(f, 0, pt)
	return err
}

// Bool calls a hook that answers yes or no about a unit table.
func (r *Rules) Bool(name string, args ...lua.LValue) (bool, error) {
	f := r.hook(name)
	if f == nil {
		return false, nil
	}
	ret, err := r.sb.Call(f, 1, args...)
	if err != nil {
		return false, err
	}
	return truth(ret[0]), nil
}

// Int calls a hook that answers a number; def when the hook is absent.
func (r *Rules) Int(name string, def int, args ...lua.LValue) (int, error) {
	f := r.hook(name)
	if f == nil {
		return def, nil
	}
	ret, err := r.sb.Call(f, 1, args...)
	if err != nil {
		return 0, err
	}
	n, ok := ret[0].(lua.LNumber)
	if !ok {
		return 0, fmt.Errorf("%s: %s must return a number", r.Module, name)
	}
	return int(n), nil
}

// String calls a hook with scalar arguments that answers a string.
func (r *Rules) String(name string, args ...lua.LValue) (string, error) {
	f := r.hook(name)
	if f == nil {
		return "", nil
	}
	ret, err := r.sb.Call(f, 1, args...)
	if err != nil {
		return "", err
	}
	return lua.LVAsString(ret[0]), nil
}

// L exposes the Lua state for building hook arguments.
func (r *Rules) L() *lua.LState { return r.sb.L }

// KindNames lists the unit kinds the rules know, sorted.
func (r *Rules) KindNames() []string {
	var out []string
	for k := range r.KindClass {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// PhaseIDs lists the phase ids in order.
func (r *Rules) PhaseIDs() []string {
	var out []string
	for _, p := range r.Phases {
		out = append(out, p.ID)
	}
	return out
}

// UnitInfo is a unit as rules hooks see it.
type UnitInfo struct {
	ID, Side, Kind, Nation, Hex, Status, Size string
	Reduced, Supplied                         bool
	Attack, Defense                           [2]int
	MP                                        int
	Pool                                      string // the force pool it started in ("" for none)
	Radius, Range, Shift                      int    // counter values: a leader's command radius, an air unit's range and column shift
}

// UnitValue makes the Lua table of a unit for a hook call.
func (r *Rules) UnitValue(u UnitInfo) lua.LValue { return unitValue(r.sb.L, u) }

// TurnValue makes the Lua table of a turn.
func (r *Rules) TurnValue(t TurnInfo) lua.LValue { return turnValue(r.sb.L, t) }

func turnValue(L *lua.LState, t TurnInfo) lua.LValue {
	tb := L.CreateTable(0, 5)
	tb.RawSetString("name", lua.LString(t.Name))
	tb.RawSetString("month", lua.LString(t.Month))
	tb.RawSetString("year", lua.LNumber(t.Year))
	tb.RawSetString("weather", lua.LString(t.Weather))
	tb.RawSetString("index", lua.LNumber(t.Index))
	return tb
}

// Check calls a hook that answers ok, or false with a message and the rule
// that forbids; an absent hook allows.
func (r *Rules) Check(name string, args ...lua.LValue) (ok bool, msg, rule string, err error) {
	v, msg, rule, err := r.Decide(name, args...)
	return v >= 0 && err == nil, msg, rule, err
}

// Decide calls a hook that may allow outright (true), refuse (false, a
// message and the rule) or leave the engine's own rule to judge (nil, or an
// absent hook): verdict 1, -1 or 0.
func (r *Rules) Decide(name string, args ...lua.LValue) (verdict int, msg, rule string, err error) {
	f := r.hook(name)
	if f == nil {
		return 0, "", "", nil
	}
	return r.verdict(f, args...)
}

// verdict calls f and reads its answer: nil (0), true (1) or false with a
// message and a rule (-1).
func (r *Rules) verdict(f lua.LValue, args ...lua.LValue) (int, string, string, error) {
	ret, err := r.sb.Call(f, 3, args...)
	switch {
	case err != nil:
		return 0, "", "", err
	case ret[0] == lua.LNil:
		return 0, "", "", nil
	case truth(ret[0]):
		return 1, "", "", nil
	}
	return -1, lua.LVAsString(ret[1]), lua.LVAsString(ret[2]), nil
}

// Command returns the module's own command word fn, if it defines one in
// its commands table.
func (r *Rules) Command(word string) (lua.LValue, bool) {
	cmds := table(r.tbl, "commands")
	if cmds == nil {
		return nil, false
	}
	f, ok := cmds.RawGetString(word).(*lua.LFunction)
	return f, ok
}

// CommandWords lists the module's own command words, sorted.
func (r *Rules) CommandWords() []string { return keys(table(r.tbl, "commands")) }

// RunCommand calls a module command with its words; it answers like Check.
func (r *Rules) RunCommand(f lua.LValue, args []string) (ok bool, msg, rule string, err error) {
	vals := make([]lua.LValue, len(args))
	for i, a := range args {
		vals[i] = lua.LString(a)
	}
	v, msg, rule, err := r.verdict(f, vals...)
	return v >= 0 && err == nil, msg, rule, err
}

// Strings makes a Lua array of strings for a hook argument.
func (r *Rules) Strings(ss []string) lua.LValue {
	t := r.sb.L.CreateTable(len(ss), 0)
	for _, s := range ss {
		t.Append(lua.LString(s))
	}
	return t
}

// Str makes a Lua string for a hook argument.
func Str(s string) lua.LValue { return lua.LString(s) }

// Num makes a Lua number for a hook argument.
func Num(n int) lua.LValue { return lua.LNumber(n) }

// Modules lists the rule modules loaded, with their hashes.
func (r *Rules) Modules() []ModuleSum { return r.sb.Modules() }

// Hash is one SHA-256 over every module loaded: a save records it, and a
// game saved under other rules is refused.
func (r *Rules) Hash() string {
	h := sha256.New()
	for _, m := range r.sb.Modules() {
		fmt.Fprintf(h, "%s %s\n", m.Path, m.SHA256)
	}
	return fmt.Sprintf("%x", h.Sum(nil))
}

// List calls a hook that answers an array of strings (nil when absent).
func (r *Rules) List(name string, args ...lua.LValue) ([]string, error) {
	f := r.hook(name)
	if f == nil {
		return nil, nil
	}
	ret, err := r.sb.Call(f, 1, args...)
	if err != nil {
		return nil, err
	}
	t, ok := ret[0].(*lua.LTable)
	if !ok {
		return nil, nil
	}
	return list(t), nil
}
