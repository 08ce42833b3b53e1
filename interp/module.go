package interp

import (
	"crypto/sha256"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
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
	Kind    string // reinforcement, rail, move, combat
	Classes []bool // by class: may move in this phase (nil: all)
	Weather bool   // a weather roll opens it
}

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
	if err := m.compile(rt.tbl); err != nil {
		rt.sb.Close()
		return nil, fmt.Errorf("%s: %w", module, err)
	}
	m.lint = lintFields(rt.tbl)
	m.sums = rt.sb.Modules()
	m.disk = rt.sb.disk
	m.hash = hashSums(m.sums)
	m.defined(rt.tbl)
	m.flat = m.flatten(rt.tbl)
	m.fields = map[string]any{}
	for _, k := range []string{"bot"} {
		if t, ok := rt.tbl.RawGetString(k).(*lua.LTable); ok {
			m.fields[k] = goValue(t, 0)
		}
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
	for _, prefix := range []string{"", "results.", "commands."} {
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

// goValue converts a Lua table of data to Go: string keys give a map, a
// list a slice; functions and deeper nesting than 8 levels are left out.
func goValue(v lua.LValue, depth int) any {
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
				out[i] = goValue(v.RawGetInt(i+1), depth+1)
			}
			return out
		}
		out := map[string]any{}
		for _, k := range keys(v) {
			if x := goValue(v.RawGetString(k), depth+1); x != nil {
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

func (r *Module) compile(t *lua.LTable) error {
	if err := checkHooks(t); err != nil {
		return err
	}
	var err error
	if r.Store, err = parseStore(table(t, "store")); err != nil {
		return err
	}
	r.ID, r.Name, r.Description, r.Book = str(t, "id"), str(t, "name"), str(t, "description"), str(t, "book")
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
	roll := num(t, "weather_roll", 0)
	for i := 1; cal != nil && i <= cal.Len(); i++ {
		m, _ := cal.RawGetInt(i).(*lua.LTable)
		if m == nil {
			return fmt.Errorf("calendar[%d] must be a table", i)
		}
		mo := Month{Name: str(m, "name"), Weather: str(m, "weather"), Roll: num(m, "roll", roll)}
		if mo.Roll < 0 || mo.Roll > 6 {
			return fmt.Errorf("calendar[%d] (%s): roll %d is not a die of 0 to 6", i, mo.Name, mo.Roll)
		}
		r.Calendar = append(r.Calendar, mo)
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
		phase := Phase{ID: str(p, "id"), Side: side, Kind: str(p, "kind"), Weather: truth(p.RawGetString("weather"))}
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
		for _, q := range r.Phases {
			if q.ID == phase.ID {
				return fmt.Errorf("phases[%d]: the id %q is used twice", i, phase.ID)
			}
		}
		if phase.ID == "" {
			return fmt.Errorf("phases[%d] has no id", i)
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
	if cl := table(t, "closed"); cl != nil {
		for _, sd := range keys(cl) {
			side, err := core.ParseSide(sd)
			if err != nil {
				return fmt.Errorf("closed.%s: %v", sd, err)
			}
			names := list(table(cl, sd))
			if len(names) == 0 { // a set: { Finland = true }
				ct := table(cl, sd)
				for _, k := range keys(ct) {
					if truth(ct.RawGetString(k)) {
						names = append(names, k)
					}
				}
			}
			r.Closed[side] = names
		}
	}
	r.PlaceCityNoZOC = truth(t.RawGetString("place_city_no_zoc"))
	if pa := table(t, "place_anywhere"); pa != nil {
		r.PlaceAnywhere = boolSet(pa)
	}
	r.ShareUntilMoved = truth(t.RawGetString("share_until_moved"))
	crt := table(t, "crt")
	if crt == nil {
		return fmt.Errorf("crt is missing")
	}
	r.CRTColumns = list(table(crt, "columns"))
	if len(r.CRTColumns) == 0 || len(r.CRTColumns) > 30 {
		return fmt.Errorf("crt.columns: %d columns; a table has 1 to 30", len(r.CRTColumns))
	}
	rows := table(crt, "rows")
	if rows == nil || rows.Len() != 6 {
		n := 0
		if rows != nil {
			n = rows.Len()
		}
		return fmt.Errorf("crt.rows: %d rows; the table has one row per face of the die (6)", n)
	}
	results := table(t, "results")
	if results == nil {
		return fmt.Errorf("results is missing: a function per result code")
	}
	for i := 1; i <= rows.Len(); i++ {
		rt, ok := rows.RawGetInt(i).(*lua.LTable)
		if !ok {
			return fmt.Errorf("crt.rows[%d] is a %s, not a row of results", i, rows.RawGetInt(i).Type())
		}
		row := list(rt)
		if len(row) != len(r.CRTColumns) {
			return fmt.Errorf("crt.rows[%d] has %d results for %d columns", i, len(row), len(r.CRTColumns))
		}
		for _, code := range row {
			if _, ok := results.RawGetString(code).(*lua.LFunction); !ok {
				return fmt.Errorf("crt.rows[%d]: result %q has no function results.%s", i, code, code)
			}
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
