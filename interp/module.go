package interp

import (
	"crypto/sha256"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"

	lua "github.com/yuin/gopher-lua"

	"gpw/core"
)

// Variants maps the built-in variant names to their modules.
var Variants = map[string]string{"gdw": "base", "adc2": "adc2"}

// Phase is one phase of the sequence of play.
type Phase struct {
	ID      string
	Side    core.Side
	Kind    PhaseKind
	Classes []bool // by class: may move in this phase (nil: all)
	Weather bool   // a weather roll opens it
}

// PhaseKind is what a phase is for. It is read once, when the module is
// compiled, and is one of the constants below.
type PhaseKind string

// The kinds of phase.
const (
	PhaseReinforcement PhaseKind = "reinforcement"
	PhaseRail          PhaseKind = "rail"
	PhaseMove          PhaseKind = "move"
	PhaseCombat        PhaseKind = "combat"
)

// String is the kind as modules and logs spell it.
func (k PhaseKind) String() string { return string(k) }

// Month is one turn of the calendar year.
type Month struct {
	Name    string
	Weather string // the turn's mark: "", "snow" or "mud"
	// Roll is the highest die that brings the mark's weather: the entry's
	// roll, else the module's weather_roll.
	Roll int
}

// WeatherFx is what a weather does to movement and combat.
type WeatherFx struct {
	MoveExtra  int
	MPHalf     bool
	AttackHalf bool
	// Exempt are the kinds it leaves alone: they move as in clear weather
	// (R.weather.NAME.exempt: ski troops in snow).
	Exempt map[string]bool
}

// Module is a rules module compiled once: its data as Go values and its
// Lua chunks as bytecode, shared read-only by every game that plays it.
// Games call its hooks through a Rules bound to them (Bind); the Lua
// states that run the hooks come from a pool, so any number of games on
// any goroutines share one Module.
type Module struct {
	ID, Name, Description string
	Book                  string // the rulebook it follows ("GDW", "ADC2"): the fallback of citations
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
	Closed                [2][]string     // per side: countries or regions its units may not enter
	SeaSupply             [2]string       // per side: the sea region for supply by sea, "" for none
	PlaceCityNoZOC        bool            // reinforcements may not enter a city in enemy ZOC
	// PlaceAnywhere lists the kinds that can_place may let enter beyond
	// the cities and the map edge (the engine then tries every land hex
	// for them); nil: every kind.
	PlaceAnywhere map[string]bool
	// ShareUntilMoved lets a unit end its move on a friend that has not
	// moved yet in the phase; the friend must leave before the phase ends.
	ShareUntilMoved bool
	CRT             [][]string // by die-1, column-1
	// Store declares what the module keeps in the engine's store.
	Store StoreSpec
	// SetupOrder is the order in which the sides place their setup units
	// (R.setup_order; Soviet first when absent).
	SetupOrder []core.Side
	// Entry is where units enter the map (R.entry): the engine's rule when
	// can_place is absent or answers nil.
	Entry EntryRules
	// ReinforcementSteps is what a side's first reinforcement phase of a
	// turn does, in order (R.reinforcement_steps): withdraw, arrive,
	// pools, points, each once.
	ReinforcementSteps []string
	// KeepPoints: replacement points not spent in a reinforcement phase
	// carry over (R.keep_unused_points); GDW loses them.
	KeepPoints bool
	// SupplyMPHalf: the engine halves the allowance of a unit out of
	// supply (R.supply_effects.mp_half; true when absent).
	SupplyMPHalf bool
	// Params are the module's parameters (R.params), sorted by name.
	Params []Param
	// WeatherIndex is each weather's index into Move.Weathers.
	WeatherIndex map[string]int
	// WeatherZones are the parts of the map with a weather of their own.
	WeatherZones []WeatherZone

	hooks    map[string]bool // functions defined: hooks, "results.X", "commands.X"
	commands []string        // the module's own command words, sorted
	sums     []ModuleSum
	hash     string
	disk     []diskFile // module files read from disk, checked on a cache hit
	load     loadSpec
	pool     pool
	flat     map[string]string // Flatten, made once
	lint     []string          // Lint
	sources  map[string]string // the module's sources table
	help     map[string]string // help text of the module's commands
	fields   map[string]any    // data fields for other readers (Field)
	labels   map[string]fileLabel
	wraps    map[string][]string // hook key -> the functions of other files it calls through its upvalues
	stores   []storeSnap         // R.store as each module file returned it (lint.go)
}

// fileLabel is what a module file said of itself as it returned R: its
// name and its sources, before any module requiring it changed them.
type fileLabel struct {
	name    string
	sources map[string]string
}

// label records what module file rel returned (Options.Loaded).
func (m *Module) label(rel string, v lua.LValue) {
	t, ok := v.(*lua.LTable)
	if !ok {
		return
	}
	l := fileLabel{name: str(t, "name"), sources: map[string]string{}}
	st := table(t, "sources")
	for _, k := range keys(st) {
		l.sources[k] = lua.LVAsString(st.RawGetString(k))
	}
	m.labels[rel] = l
	m.snapStore(rel, t)
}

// loadSpec says how to build a Lua state running the module.
type loadSpec struct {
	opts        Options
	rel, name   string // the top module's file (relative) and name
	specialName string
	special     []byte
}

type diskFile struct {
	path string
	sum  [sha256.Size]byte
}

// modules caches compiled modules for the whole process by variant and
// special rules; a module read from disk is compiled again when its file
// changes.
var modules = struct {
	sync.Mutex
	m map[string]*Module
}{m: map[string]*Module{}}

// Compile compiles a variant: "gdw", "adc2" or the path of a .lua file
// that requires one of them, then a scenario's special rules (a chunk that
// returns function(R) ... return R end) when specialName is not "".
// builtin holds the built-in rules/ directory. Modules are compiled once
// per process and shared.
func Compile(variant string, builtin fs.FS, specialName string, special []byte) (*Module, error) {
	spec := loadSpec{opts: Options{FS: builtin, FSRoot: "rules"}, specialName: specialName, special: special}
	name, ok := Variants[variant]
	module := "rules/" + name + ".lua"
	spec.rel, spec.name = name+".lua", name
	if !ok {
		if !strings.HasSuffix(variant, ".lua") {
			return nil, fmt.Errorf("unknown rules %q: use gdw, adc2 or the path of a .lua module", variant)
		}
		abs, err := filepath.Abs(variant)
		if err != nil {
			return nil, err
		}
		spec.opts.SearchPath = []string{filepath.Dir(abs)}
		spec.rel = filepath.Base(abs)
		spec.name = strings.TrimSuffix(spec.rel, ".lua")
		module = variant
	}
	key := fmt.Sprintf("%s\x00%s\x00%x", variant, specialName, sha256.Sum256(special))
	if !ok {
		key = spec.opts.SearchPath[0] + "/" + key
	}
	modules.Lock()
	m := modules.m[key]
	modules.Unlock()
	if m != nil && m.fresh() && fsIs(m.load.opts.FS, builtin) {
		return m, nil
	}
	m = &Module{Module: module, load: spec, labels: map[string]fileLabel{}}
	m.pool.m = m
	m.load.opts.Loaded = m.label
	rt, err := m.newRuntime()
	m.load.opts.Loaded = nil
	if err != nil {
		return nil, err
	}
	storeLint := m.mergeStores(rt.sb.L, rt.tbl) // lint.go
	if err := m.compile(rt.tbl); err != nil {
		rt.sb.Close()
		return nil, fmt.Errorf("%s: %w", m.tableName(), err)
	}
	m.sums = rt.sb.Modules()
	m.disk = rt.sb.disk
	m.lint = append(append(lintFields(rt.tbl), storeLint...), m.lintMore(rt.tbl, m.ownSources())...)
	m.hash = hashSums(m.sums)
	m.defined(rt.tbl)
	if err := m.readFields(rt.tbl); err != nil {
		rt.sb.Close()
		return nil, fmt.Errorf("%s: %w", m.tableName(), err)
	}
	m.help = map[string]string{}
	ht := table(rt.tbl, "help")
	for _, k := range keys(ht) {
		m.help[k] = lua.LVAsString(ht.RawGetString(k))
	}
	m.sources = map[string]string{}
	st := table(rt.tbl, "sources")
	for _, k := range keys(st) {
		m.sources[k] = lua.LVAsString(st.RawGetString(k))
	}
	m.pool.put(rt)
	modules.Lock()
	modules.m[key] = m
	modules.Unlock()
	return m, nil
}

// tableName names the rules table in errors: the module's file, and the
// special rules that may have changed it.
func (m *Module) tableName() string {
	if m.load.specialName != "" {
		return m.Module + " as changed by " + m.load.specialName
	}
	return m.Module
}

// fsIs reports whether two file systems are the same value (the built-in
// data is one embed.FS; tests pass others).
func fsIs(a, b fs.FS) (same bool) {
	defer func() {
		if recover() != nil {
			same = false // not comparable
		}
	}()
	return a == b
}

// fresh reports whether every module file read from disk is unchanged.
func (m *Module) fresh() bool {
	for _, d := range m.disk {
		src, err := os.ReadFile(d.path)
		if err != nil || sha256.Sum256(src) != d.sum {
			return false
		}
	}
	return true
}

// HashOf is the hash of a list of modules, as Hash gives it for the
// modules loaded.
func HashOf(sums []ModuleSum) string { return hashSums(sums) }

// TopFile is the file a variant loads first: the built-in variant's
// module, or the base name of a module's path.
func TopFile(variant string) string {
	if name, ok := Variants[variant]; ok {
		return name + ".lua"
	}
	return filepath.Base(variant)
}

func hashSums(sums []ModuleSum) string {
	h := sha256.New()
	for _, m := range sums {
		fmt.Fprintf(h, "%s %s\n", m.Path, m.SHA256)
	}
	return fmt.Sprintf("%x", h.Sum(nil))
}

// defined records the functions the module defines.
func (m *Module) defined(t *lua.LTable) {
	m.hooks = map[string]bool{}
	for _, prefix := range []string{"", "results.", "commands.", "uses."} {
		tt := t
		if prefix != "" {
			tt = table(t, strings.TrimSuffix(prefix, "."))
		}
		for _, k := range keys(tt) {
			if _, ok := tt.RawGetString(k).(*lua.LFunction); ok {
				m.hooks[prefix+k] = true
				if prefix == "commands." {
					m.commands = append(m.commands, k)
				}
			}
		}
	}
}

// Modules lists the rule modules loaded, with their hashes.
func (m *Module) Modules() []ModuleSum { return append([]ModuleSum(nil), m.sums...) }

// Hash is one SHA-256 over every module loaded: a save records it, and a
// game saved under other rules is refused.
func (m *Module) Hash() string { return m.hash }

// Has reports whether the module defines the hook name ("odds",
// "results.DR", "commands.shock").
func (m *Module) Has(name string) bool { return m.hooks[name] }

// CommandWords lists the module's own command words, sorted.
func (m *Module) CommandWords() []string { return m.commands }

// Field returns a data field of the module for other readers, as Go
// values (map[string]any, []any, string, float64, bool), or nil: the
// computer players' doctrine R.bot (docs/bots.md).
func (m *Module) Field(name string) any { return m.fields[name] }

// readFields makes Flatten's map and Field's values from the module's
// table t, within one budget of values visited (maxWalk).
func (m *Module) readFields(t *lua.LTable) error {
	var err error
	if m.flat, err = m.flatten(t); err != nil {
		return err
	}
	w := newWalker()
	m.fields = map[string]any{}
	for _, k := range []string{"bot", "fog"} {
		if v, ok := t.RawGetString(k).(*lua.LTable); ok {
			m.fields[k] = w.goValue(k, v, 0)
		}
	}
	return w.err()
}

// goValue converts a Lua table of data to Go: string keys give a map, a
// list a slice; functions and deeper nesting than 8 levels are left out.
// Each value counts against w's budget (key names it in the error).
func (w *walker) goValue(key string, v lua.LValue, depth int) any {
	if !w.visit(key, v) {
		return nil
	}
	switch v := v.(type) {
	case lua.LNumber:
		return float64(v)
	case lua.LBool:
		return bool(v)
	case lua.LString:
		return string(v)
	case *lua.LTable:
		if depth > 8 {
			return nil
		}
		if n := v.Len(); n > 0 {
			out := make([]any, n)
			for i := range out {
				out[i] = w.goValue(key, v.RawGetInt(i+1), depth+1)
			}
			return out
		}
		out := map[string]any{}
		for _, k := range keys(v) {
			if x := w.goValue(key+"."+k, v.RawGetString(k), depth+1); x != nil {
				out[k] = x
			}
		}
		return out
	}
	return nil
}

// Help is the help text the module gives for its command word (R.help).
func (m *Module) Help(word string) string { return m.help[word] }

// Source is the citation a module gives for one of its fields (its
// sources table), or "".
func (m *Module) Source(field string) string { return m.sources[field] }

// Limits of a module's data: the engine's structures and messages assume
// tables of a sane size.
const (
	maxClasses  = 32
	maxKinds    = 1000
	maxMonths   = 60
	maxPhases   = 64
	maxWeathers = 32
	maxCRTCols  = 30
)

func (r *Module) compile(t *lua.LTable) error {
	if err := checkHooks(t); err != nil {
		return err
	}
	rd := &reader{}
	var err error
	if r.Store, err = parseStore(rd.table(t, "store", "R.store")); err != nil {
		return err
	}
	r.ID, r.Name, r.Description, r.Book = rd.str(t, "id", "R.id"), rd.str(t, "name", "R.name"), rd.str(t, "description", "R.description"), rd.str(t, "book", "R.book")
	rd.num(t, "format_version", "R.format_version", APIVersion, 1, APIVersion)
	for _, f := range []string{"sources", "help", "cite"} {
		rd.texts(t, f, "R."+f)
	}
	if rd.err == nil && r.ID == "" {
		return fmt.Errorf("the rules table has no id")
	}
	r.Classes = rd.strings(t, "classes", "R.classes", maxClasses)
	if rd.err == nil && len(r.Classes) == 0 {
		return fmt.Errorf("R.classes: at least one movement class is needed")
	}
	classIdx := map[string]int{}
	for i, c := range r.Classes {
		classIdx[c] = i
	}
	r.KindClass = map[string]int{}
	kinds := rd.table(t, "kinds", "R.kinds")
	if ks := keys(kinds); len(ks) > maxKinds {
		rd.fail("R.kinds has %d kinds; at most %d", len(ks), maxKinds)
	}
	for _, k := range keys(kinds) {
		c := rd.str(kinds, k, "R.kinds."+k)
		i, ok := classIdx[c]
		if !ok && rd.err == nil {
			return fmt.Errorf("R.kinds.%s: unknown class %q (the classes: %s)", k, c, strings.Join(r.Classes, ", "))
		}
		r.KindClass[k] = i
	}
	r.Armor = rd.set(t, "armor_kinds", "R.armor_kinds")
	// movement costs
	mc := rd.table(t, "move_cost", "R.move_cost")
	r.Move.Cost = make([][core.NumTerrain]int8, len(r.Classes))
	for ci, c := range r.Classes {
		ct := rd.table(mc, c, "R.move_cost."+c)
		if ct == nil {
			if rd.err != nil {
				return rd.err
			}
			return fmt.Errorf("R.move_cost.%s is missing", c)
		}
		for tt := core.Terrain(0); tt < core.NumTerrain; tt++ {
			path := "R.move_cost." + c + "." + tt.String()
			switch v := ct.RawGetString(tt.String()).(type) {
			case lua.LNumber:
				r.Move.Cost[ci][tt] = int8(rd.num(ct, tt.String(), path, 1, 1, 100))
			case lua.LString:
				if v != "stop" {
					rd.fail("%s: %q (a number, \"stop\" or absent)", path, string(v))
				}
				r.Move.Cost[ci][tt] = core.CostStop
			case *lua.LNilType:
				r.Move.Cost[ci][tt] = core.CostNo
			default:
				rd.fail("%s is a %s (a number, \"stop\" or absent)", path, v.Type())
			}
		}
	}
	r.Move.RiverExtra, r.Move.RiverBy = riverExtra(rd, t, "river_extra", "R.river_extra", 0, nil, classIdx)
	if st := rd.table(t, "strait", "R.strait"); st != nil {
		r.Move.StraitExtra = rd.num(st, "extra", "R.strait.extra", 0, 0, 99)
		r.Move.StraitLimit = rd.num(st, "per_turn", "R.strait.per_turn", 0, 0, 9999)
		r.Move.StraitNo = make([]bool, len(r.Classes))
		for c, no := range rd.set(st, "closed", "R.strait.closed") {
			if i, ok := classIdx[c]; ok {
				r.Move.StraitNo[i] = no
			}
		}
	}
	// calendar and weather
	cal := rd.table(t, "calendar", "R.calendar")
	roll := rd.num(t, "weather_roll", "R.weather_roll", 0, 0, 6)
	if cal != nil && cal.Len() > maxMonths {
		rd.fail("R.calendar has %d turns; a year has at most %d", cal.Len(), maxMonths)
	}
	for i := 1; rd.err == nil && cal != nil && i <= cal.Len(); i++ {
		m, _ := cal.RawGetInt(i).(*lua.LTable)
		if m == nil {
			return fmt.Errorf("R.calendar[%d] is a %s; it must be a table {name =, weather =}", i, cal.RawGetInt(i).Type())
		}
		path := fmt.Sprintf("R.calendar[%d]", i)
		mo := Month{Name: rd.str(m, "name", path+".name"), Weather: rd.str(m, "weather", path+".weather"),
			Roll: rd.num(m, "roll", path+".roll", roll, math.MinInt32, math.MaxInt32)}
		if rd.err == nil && (mo.Roll < 0 || mo.Roll > 6) {
			return fmt.Errorf("%s (%s): roll %d is not a die of 0 to 6", path, mo.Name, mo.Roll)
		}
		r.Calendar = append(r.Calendar, mo)
	}
	if rd.err == nil && len(r.Calendar) == 0 {
		return fmt.Errorf("R.calendar is empty")
	}
	r.Weather = map[string]WeatherFx{}
	wt := rd.table(t, "weather", "R.weather")
	if ws := keys(wt); len(ws) > maxWeathers {
		rd.fail("R.weather has %d weathers; at most %d", len(ws), maxWeathers)
	}
	for _, w := range keys(wt) {
		path := "R.weather." + w
		e := rd.table(wt, w, path)
		if e == nil {
			continue
		}
		r.Weather[w] = WeatherFx{MoveExtra: rd.num(e, "move_extra", path+".move_extra", 0, 0, 99),
			MPHalf: rd.flag(e, "mp_half", path+".mp_half"), AttackHalf: rd.flag(e, "attack_half", path+".attack_half")}
	}
	r.compileWeatherMoves(rd, t, classIdx)
	// phases
	ph := rd.table(t, "phases", "R.phases")
	if ph != nil && ph.Len() > maxPhases {
		rd.fail("R.phases has %d phases; at most %d", ph.Len(), maxPhases)
	}
	for i := 1; rd.err == nil && ph != nil && i <= ph.Len(); i++ {
		p, _ := ph.RawGetInt(i).(*lua.LTable)
		if p == nil {
			return fmt.Errorf("R.phases[%d] is a %s; it must be a table {id =, side =, kind =}", i, ph.RawGetInt(i).Type())
		}
		path := fmt.Sprintf("R.phases[%d]", i)
		side, err := core.ParseSide(rd.str(p, "side", path+".side"))
		if err != nil && rd.err == nil {
			return fmt.Errorf("%s: %v", path, err)
		}
		phase := Phase{ID: rd.str(p, "id", path+".id"), Side: side, Kind: PhaseKind(rd.str(p, "kind", path+".kind")), Weather: rd.flag(p, "weather", path+".weather")}
		switch phase.Kind {
		case PhaseReinforcement, PhaseRail, PhaseMove, PhaseCombat:
		default:
			rd.fail("%s (%s): kind %q is not reinforcement, rail, move or combat", path, phase.ID, phase.Kind)
		}
		if cl := rd.strings(p, "classes", path+".classes", maxClasses); cl != nil {
			phase.Classes = make([]bool, len(r.Classes))
			for _, c := range cl {
				ci, ok := classIdx[c]
				if !ok {
					return fmt.Errorf("%s (%s): unknown class %q", path, phase.ID, c)
				}
				phase.Classes[ci] = true
			}
		}
		for _, q := range r.Phases {
			if q.ID == phase.ID {
				return fmt.Errorf("%s: the id %q is used twice", path, phase.ID)
			}
		}
		if phase.ID == "" && rd.err == nil {
			return fmt.Errorf("%s has no id", path)
		}
		r.Phases = append(r.Phases, phase)
	}
	if rd.err == nil && len(r.Phases) == 0 {
		return fmt.Errorf("R.phases is empty")
	}
	r.Cite = rd.texts(t, "cite", "R.cite")
	if rl := rd.table(t, "rail", "R.rail"); rl != nil {
		r.RailNoZOC = rd.flag(rl, "no_enemy_zoc", "R.rail.no_enemy_zoc")
		r.RailZOCStop = rd.flag(rl, "zoc_stop", "R.rail.zoc_stop")
		if lim := rd.table(rl, "limit", "R.rail.limit"); lim != nil {
			r.RailLimit = [2]int{rd.num(lim, "axis", "R.rail.limit.axis", 0, 0, 9999), rd.num(lim, "soviet", "R.rail.limit.soviet", 0, 0, 9999)}
		}
	}
	r.Retreat = core.RetreatOpts{Hexes: 2, MaxExtra: 4}
	if rt := rd.table(t, "retreat", "R.retreat"); rt != nil {
		r.Retreat = core.RetreatOpts{Hexes: rd.num(rt, "hexes", "R.retreat.hexes", 2, 0, core.MaxRetreatHexes),
			MaxExtra:       rd.num(rt, "max_extra", "R.retreat.max_extra", 4, 0, core.MaxRetreatHexes),
			AvoidZOCEnd:    rd.flag(rt, "avoid_zoc_end", "R.retreat.avoid_zoc_end"),
			FriendOpensZOC: rd.flag(rt, "friend_opens_zoc", "R.retreat.friend_opens_zoc")}
		r.RetreatAvoidZOC = rd.flag(rt, "avoid_zoc", "R.retreat.avoid_zoc")
	}
	if st := rd.table(t, "stacking", "R.stacking"); st != nil {
		r.Retreat.StackWith = rd.num(st, "nonstacking_with_combat", "R.stacking.nonstacking_with_combat", 0, 0, 99)
		r.Retreat.StackAlone = rd.num(st, "nonstacking_alone", "R.stacking.nonstacking_alone", 0, 0, 99)
	}
	r.NonCombat, r.OwnHexZOC = rd.set(t, "noncombat", "R.noncombat"), rd.set(t, "zoc_own_hex", "R.zoc_own_hex")
	r.NonStacking, r.NoOccupy = rd.set(t, "nonstacking", "R.nonstacking"), rd.set(t, "no_occupy", "R.no_occupy")
	if ss := rd.table(t, "sea_supply", "R.sea_supply"); ss != nil {
		r.SeaSupply = [2]string{rd.str(ss, "axis", "R.sea_supply.axis"), rd.str(ss, "soviet", "R.sea_supply.soviet")}
	}
	if cl := rd.table(t, "closed", "R.closed"); cl != nil {
		for _, sd := range keys(cl) {
			side, err := core.ParseSide(sd)
			if err != nil {
				return fmt.Errorf("R.closed.%s: %v", sd, err)
			}
			ct := rd.table(cl, sd, "R.closed."+sd)
			names := list(ct)
			if len(names) == 0 { // a set: { Finland = true }
				for _, k := range keys(ct) {
					if rd.flag(ct, k, "R.closed."+sd+"."+k) {
						names = append(names, k)
					}
				}
			}
			r.Closed[side] = names
		}
	}
	r.PlaceCityNoZOC = rd.flag(t, "place_city_no_zoc", "R.place_city_no_zoc")
	if rd.table(t, "place_anywhere", "R.place_anywhere") != nil {
		r.PlaceAnywhere = rd.set(t, "place_anywhere", "R.place_anywhere")
	}
	r.ShareUntilMoved = rd.flag(t, "share_until_moved", "R.share_until_moved")
	rd.flag(t, "capitals_are_fortresses", "R.capitals_are_fortresses")
	r.compileParams(rd, t)
	r.KeepPoints = rd.flag(t, "keep_unused_points", "R.keep_unused_points")
	r.Entry = EntryRules{Capitals: true, Cities: true, Edge: true, RebuildMajor: true}
	if et := rd.table(t, "entry", "R.entry"); et != nil {
		for _, f := range []struct {
			k string
			p *bool
		}{{"capitals", &r.Entry.Capitals}, {"cities", &r.Entry.Cities}, {"edge", &r.Entry.Edge}, {"rebuild_major", &r.Entry.RebuildMajor}} {
			if et.RawGetString(f.k) != lua.LNil {
				*f.p = rd.flag(et, f.k, "R.entry."+f.k)
			}
		}
	}
	r.ReinforcementSteps = []string{"withdraw", "arrive", "pools", "points"}
	if rs := rd.strings(t, "reinforcement_steps", "R.reinforcement_steps", 4); rs != nil {
		for i, st := range rs {
			if !slices.Contains(r.ReinforcementSteps, st) || slices.Contains(rs[:i], st) {
				rd.fail("R.reinforcement_steps: %q (it names withdraw, arrive, pools and points, each once)", st)
			}
		}
		if len(rs) != 4 && rd.err == nil {
			rd.fail("R.reinforcement_steps names %d steps: withdraw, arrive, pools and points, each once, in order", len(rs))
		}
		r.ReinforcementSteps = rs
	}
	r.SetupOrder = []core.Side{core.Soviet, core.Axis}
	if so := rd.strings(t, "setup_order", "R.setup_order", 2); so != nil {
		r.SetupOrder = nil
		for _, name := range so {
			side, err := core.ParseSide(name)
			if err != nil || slices.Contains(r.SetupOrder, side) {
				rd.fail("R.setup_order: %q (it names axis and soviet, each once, in the order they set up)", name)
				break
			}
			r.SetupOrder = append(r.SetupOrder, side)
		}
		if len(r.SetupOrder) != 2 {
			rd.fail("R.setup_order names %d side(s): it names axis and soviet, each once", len(r.SetupOrder))
		}
	}
	r.SupplyMPHalf = true
	if se := rd.table(t, "supply_effects", "R.supply_effects"); se != nil && se.RawGetString("mp_half") != lua.LNil {
		r.SupplyMPHalf = rd.flag(se, "mp_half", "R.supply_effects.mp_half")
	}
	if rd.err != nil {
		return rd.err
	}
	return r.compileCRT(rd, t)
}

// compileCRT reads R.crt: columns, and six rows of result codes each with
// its function in R.results.
func (r *Module) compileCRT(rd *reader, t *lua.LTable) error {
	crt := rd.table(t, "crt", "R.crt")
	if rd.err != nil {
		return rd.err
	}
	if crt == nil {
		return fmt.Errorf("R.crt is missing")
	}
	r.CRTColumns = rd.strings(crt, "columns", "R.crt.columns", 1<<16)
	if rd.err != nil {
		return rd.err
	}
	if len(r.CRTColumns) == 0 || len(r.CRTColumns) > maxCRTCols {
		return fmt.Errorf("R.crt.columns: %d columns; a table has 1 to %d", len(r.CRTColumns), maxCRTCols)
	}
	rows := rd.table(crt, "rows", "R.crt.rows")
	if rd.err != nil {
		return rd.err
	}
	if rows == nil || rows.Len() != 6 {
		n := 0
		if rows != nil {
			n = rows.Len()
		}
		count := fmt.Sprint(n)
		if n >= 1<<16-1 {
			count = "more than 65,534" // the array part's limit
		}
		return fmt.Errorf("R.crt.rows: %s rows; the table has one row per face of the die (6)", count)
	}
	results := rd.table(t, "results", "R.results")
	if rd.err != nil {
		return rd.err
	}
	if results == nil {
		return fmt.Errorf("R.results is missing: a function per result code")
	}
	for i := 1; i <= rows.Len(); i++ {
		path := fmt.Sprintf("R.crt.rows[%d]", i)
		rt, ok := rows.RawGetInt(i).(*lua.LTable)
		if !ok {
			return fmt.Errorf("%s is a %s, not a row of results", path, rows.RawGetInt(i).Type())
		}
		row := list(rt)
		if len(row) != len(r.CRTColumns) {
			return fmt.Errorf("%s has %d results for %d columns", path, len(row), len(r.CRTColumns))
		}
		for j := 1; j <= rt.Len(); j++ {
			code, ok := rt.RawGetInt(j).(lua.LString)
			if !ok {
				return fmt.Errorf("%s[%d] is a %s; it must be a result code", path, j, rt.RawGetInt(j).Type())
			}
			if hasControl(string(code)) {
				return fmt.Errorf("%s[%d] holds a control character (%s); a result code is printed as it is", path, j, safeText(string(code)))
			}
		}
		for _, code := range row {
			if _, ok := results.RawGetString(code).(*lua.LFunction); !ok {
				return fmt.Errorf("%s: result %q has no function R.results.%s", path, code, code)
			}
		}
		r.CRT = append(r.CRT, row)
	}
	return nil
}

func str(t *lua.LTable, k string) string {
	if s, ok := t.RawGetString(k).(lua.LString); ok {
		return string(s)
	}
	return ""
}

func truth(v lua.LValue) bool { return lua.LVAsBool(v) }

func table(t *lua.LTable, k string) *lua.LTable {
	if t == nil {
		return nil
	}
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

// CiteRule turns a rule key into a citation: the module's cite table;
// else the key's stand-in there (combat: odds-min; zoc: zoc-stop); else,
// for the topics every rulebook has a section on (weather, supply), that
// section of the module's book ("ADC2: Weather"); else the citation of
// "unknown". A variant that leaves a key out is never cited as GDW.
func (m *Module) CiteRule(key string) string {
	if c, ok := m.Cite[key]; ok {
		return c
	}
	if alt, ok := citeStandIns[key]; ok {
		if c, ok := m.Cite[alt]; ok {
			return c
		}
	}
	if topic, ok := citeTopics[key]; ok && m.Book != "" {
		return m.Book + ": " + topic
	}
	return m.Cite["unknown"]
}

var (
	// citeStandIns are the cite keys that stand in for one left out.
	citeStandIns = map[string]string{"combat": "odds-min", "zoc": "zoc-stop"}
	// citeTopics are the rule keys every rulebook has a section on.
	citeTopics = map[string]string{"weather": "Weather", "supply": "Supply"}
)

// ClassOf returns the movement class of a unit kind.
func (m *Module) ClassOf(kind string) (int, bool) {
	c, ok := m.KindClass[kind]
	return c, ok
}

// KindNames lists the unit kinds the rules know, sorted.
func (m *Module) KindNames() []string {
	var out []string
	for k := range m.KindClass {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// PhaseIDs lists the phase ids in order.
func (m *Module) PhaseIDs() []string {
	var out []string
	for _, p := range m.Phases {
		out = append(out, p.ID)
	}
	return out
}
