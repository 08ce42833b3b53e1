package interp

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"

	lua "github.com/yuin/gopher-lua"

	"gpw/core"
)

// Difference is one way two rules modules differ.
type Difference struct {
	Key  string // e.g. "move_cost.armor.forest", "crt.3:1.die 4", "hook.odds"
	A, B string // the value under each ("" when absent)
	Rule string // the citation the second module gives for it
	Says string // what changes in play, in a player's words
}

// Flatten lists every rule the module sets as key → value, for diffs:
// the data the engine compiles, as it compiled it; every other field of
// the module's table (its own tables too: frost's terrain_bonus,
// initiative's command), field by field; and where each function is
// defined (file:line).
func (m *Module) Flatten() map[string]string { return maps.Clone(m.flat) }

// compiledFields are flattened from the compiled module; skipFields are
// not rules.
var (
	compiledFields = []string{"name", "kinds", "move_cost", "river_extra", "strait", "phases", "rail", "retreat", "stacking", "crt",
		"noncombat", "zoc_own_hex", "no_occupy", "place_anywhere", "place_city_no_zoc", "share_until_moved", "results", "commands", "store"}
	skipFields = []string{"id", "description", "format_version", "sources"}
)

// maxWalk bounds the values flatten (and goValue) visit in a module's
// tables, and maxWalkBytes the text of the keys it makes: a table shared
// many times over is visited once per path to it, a number that grows
// exponentially with its depth.
const (
	maxWalk      = 100_000
	maxWalkBytes = 16 << 20
)

// walker flattens a module's tables within a budget of values visited.
type walker struct {
	f     map[string]string
	left  int    // values it may still visit
	bytes int    // key text it may still make
	over  string // the key where the budget ran out ("" while it lasts)
}

func newWalker() *walker {
	return &walker{f: map[string]string{}, left: maxWalk, bytes: maxWalkBytes}
}

// visit counts value v visited under key, a table with its entries;
// false once the budget is out.
func (w *walker) visit(key string, v lua.LValue) bool {
	if w.over != "" {
		return false // before counting: a table may be large
	}
	n := 1
	if t, ok := v.(*lua.LTable); ok {
		n += count(t)
	}
	return w.spend(key, n)
}

// spend counts n values visited under key; false once the budget is out.
func (w *walker) spend(key string, n int) bool {
	if w.over != "" {
		return false
	}
	w.left -= n
	w.bytes -= len(key)
	if w.left < 0 || w.bytes < 0 {
		if w.over == "" {
			w.over = key
		}
		return false
	}
	return true
}

// err is the error of a walk past its budget, or nil.
func (w *walker) err() error {
	if w.over == "" {
		return nil
	}
	key := w.over
	if len(key) > 80 {
		key = key[:80] + "..."
	}
	return fmt.Errorf("R.%s: the module's tables hold more than %d values to read (a table shared many times over, or nested too far?)", key, maxWalk)
}

// flatten makes Flatten's map from the module's data and its table t.
func (r *Module) flatten(t *lua.LTable) (map[string]string, error) {
	w := newWalker()
	f := w.f
	put := func(k string, v any) { f[k] = fmt.Sprint(v) }
	put("name", r.Name)
	for ci, c := range r.Classes {
		for t := core.Terrain(0); t < core.NumTerrain; t++ {
			v := fmt.Sprint(r.Move.Cost[ci][t])
			switch r.Move.Cost[ci][t] {
			case core.CostNo:
				v = "no entry"
			case core.CostStop:
				v = "stop"
			}
			put("move_cost."+c+"."+t.String(), v)
		}
		if r.Move.StraitNo != nil && r.Move.StraitNo[ci] {
			put("strait.closed."+c, true)
		}
	}
	for k, c := range r.KindClass {
		put("kinds."+k, r.Classes[c])
	}
	put("river_extra", r.Move.RiverExtra)
	put("strait.extra", r.Move.StraitExtra)
	put("strait.per_turn", r.Move.StraitLimit)
	var ids []string
	for _, p := range r.Phases {
		ids = append(ids, p.ID)
		if p.Classes != nil {
			var cl []string
			for ci, ok := range p.Classes {
				if ok {
					cl = append(cl, r.Classes[ci])
				}
			}
			put("phases."+p.ID+".classes", strings.Join(cl, ", "))
		}
	}
	put("phases", strings.Join(ids, ", "))
	put("rail.no_enemy_zoc", r.RailNoZOC)
	put("rail.zoc_stop", r.RailZOCStop)
	put("rail.limit", fmt.Sprintf("axis %d, soviet %d (0: none)", r.RailLimit[0], r.RailLimit[1]))
	put("retreat", fmt.Sprintf("%d hexes, up to %d more, avoid ZOC %v, not ending in ZOC %v, a friend opens a ZOC hex %v",
		r.Retreat.Hexes, r.Retreat.MaxExtra, r.RetreatAvoidZOC, r.Retreat.AvoidZOCEnd, r.Retreat.FriendOpensZOC))
	put("stacking", fmt.Sprintf("non-stacking units: %d with a combat unit, %d alone", r.Retreat.StackWith, r.Retreat.StackAlone))
	put("crt.columns", strings.Join(r.CRTColumns, " "))
	for d, row := range r.CRT {
		for c, res := range row {
			put(fmt.Sprintf("crt.%s.die %d", r.CRTColumns[c], d+1), res)
		}
	}
	for k := range r.NonCombat {
		put("noncombat."+k, r.NonCombat[k])
	}
	for k := range r.OwnHexZOC {
		put("zoc_own_hex."+k, r.OwnHexZOC[k])
	}
	for k := range r.NoOccupy {
		put("no_occupy."+k, r.NoOccupy[k])
	}
	put("place_city_no_zoc", r.PlaceCityNoZOC)
	for k := range r.PlaceAnywhere {
		put("place_anywhere."+k, r.PlaceAnywhere[k])
	}
	put("share_until_moved", r.ShareUntilMoved)
	for sc := ScopeGame; sc <= ScopeHex; sc++ {
		for _, fd := range r.Store.Fields(sc) {
			v := fmt.Sprintf("a %s, %q", fd.Type, fd.Label)
			if fd.Symbol != "" {
				v += ", drawn " + fd.Symbol
			}
			if fd.Default != nil {
				v += ", default " + FormatValue(fd.Default)
			}
			put("store."+sc.String()+"."+fd.Name, v)
		}
	}
	// Every other field, in depth.
	for _, k := range keys(t) {
		v := t.RawGetString(k)
		if _, fn := v.(*lua.LFunction); fn || slices.Contains(compiledFields, k) || slices.Contains(skipFields, k) {
			continue
		}
		w.walk(k, v, nil)
	}
	// Functions: where each is defined, and what of other files each
	// calls through its upvalues (the hook it wraps).
	r.wraps = map[string][]string{}
	hooks := func(prefix string, t *lua.LTable) {
		for _, k := range keys(t) {
			if fn, ok := t.RawGetString(k).(*lua.LFunction); ok && fn.Proto != nil {
				put(prefix+k, where(fn))
				r.wraps[prefix+k] = w.wrapped(prefix+k, fn, nil)
			}
		}
	}
	hooks("hook.", t)
	hooks("results.", table(t, "results"))
	hooks("commands.", table(t, "commands"))
	return f, w.err()
}

// where is the file and line a Lua function is defined on.
func where(fn *lua.LFunction) string {
	return fmt.Sprintf("%s:%d", fn.Proto.SourceName, fn.Proto.LineDefined)
}

// wrapped lists the Lua functions of other files that fn holds as
// upvalues, and theirs in turn: what a wrapper calls.
func (w *walker) wrapped(key string, fn *lua.LFunction, seen []*lua.LFunction) []string {
	var out []string
	for _, uv := range fn.Upvalues {
		g, ok := uv.Value().(*lua.LFunction)
		if !ok || g.Proto == nil || g.Proto.SourceName == fn.Proto.SourceName || slices.Contains(seen, g) || len(seen) > 8 {
			continue
		}
		if !w.spend(key, 1) {
			return out
		}
		out = append(out, where(g))
		out = append(out, w.wrapped(key, g, append(seen, fn))...)
	}
	return out
}

// walk flattens a value of the module's table under key: a table field
// by field (an array of tables by each one's id or name), a list of plain
// values as one, a function as where it is defined.
func (w *walker) walk(key string, v lua.LValue, path []*lua.LTable) {
	if !w.visit(key, v) {
		return
	}
	f := w.f
	switch v := v.(type) {
	case *lua.LFunction:
		if v.Proto != nil {
			f[key] = "function at " + where(v)
		}
	case *lua.LTable:
		if slices.Contains(path, v) || len(path) > 8 {
			return
		}
		path = append(path, v)
		n := v.Len()
		if n > 0 && count(v) == n {
			if s, plain := plainList(v, w.bytes+1); plain {
				w.bytes -= len(s)
				if w.spend(key, 0) {
					f[key] = s
				}
				return
			}
			for i := 1; i <= n; i++ {
				item := v.RawGetInt(i)
				name := strconv.Itoa(i)
				if it, ok := item.(*lua.LTable); ok {
					name = cmpOr(str(it, "id"), str(it, "name"), name)
				}
				w.walk(key+"."+name, item, path)
			}
			return
		}
		for _, k := range anyKeys(v) {
			w.walk(key+"."+k.name, v.RawGet(k.key), path)
		}
	case lua.LString:
		f[key] = string(v)
	case lua.LNumber, lua.LBool:
		f[key] = v.String()
	}
}

func cmpOr(ss ...string) string {
	for _, s := range ss {
		if s != "" {
			return s
		}
	}
	return ""
}

// count is the number of entries of t.
func count(t *lua.LTable) int {
	n := 0
	t.ForEach(func(lua.LValue, lua.LValue) { n++ })
	return n
}

// plainList prints an array of strings, numbers and booleans ("a, b"),
// cut once it is longer than limit bytes.
func plainList(t *lua.LTable, limit int) (string, bool) {
	var b strings.Builder
	for i := 1; i <= t.Len(); i++ {
		switch x := t.RawGetInt(i).(type) {
		case lua.LString, lua.LNumber, lua.LBool:
			if b.Len() > limit {
				continue // still a plain list, no longer printed
			}
			if i > 1 {
				b.WriteString(", ")
			}
			b.WriteString(x.String())
		default:
			return "", false
		}
	}
	return b.String(), true
}

type tableKey struct {
	key  lua.LValue
	name string
	num  float64
	isN  bool
}

// anyKeys lists a table's string and number keys: numbers in order, then
// strings in order.
func anyKeys(t *lua.LTable) []tableKey {
	var out []tableKey
	t.ForEach(func(k, _ lua.LValue) {
		switch k := k.(type) {
		case lua.LString:
			out = append(out, tableKey{key: k, name: string(k)})
		case lua.LNumber:
			out = append(out, tableKey{key: k, name: k.String(), num: float64(k), isN: true})
		}
	})
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.isN != b.isN {
			return a.isN
		}
		if a.isN {
			return a.num < b.num
		}
		return a.name < b.name
	})
	return out
}

// Diff lists what differs between two modules, sorted by key, each with
// the rule the second module cites for it and what it changes in play.
func Diff(a, b *Module) []Difference {
	fa, fb := a.Flatten(), b.Flatten()
	all := map[string]bool{}
	for k := range fa {
		all[k] = true
	}
	for k := range fb {
		all[k] = true
	}
	var out []Difference
	for k := range all {
		if fa[k] == fb[k] {
			continue
		}
		d := Difference{Key: k, A: fa[k], B: fb[k]}
		d.Rule = diffRule(a, b, k, fb[k])
		d.Says = says(a, b, d)
		out = append(out, d)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Key < out[j].Key })
	return out
}

// topic is the field a key belongs to, as the sources table names it: a
// function's own name, else the key's first part.
func topic(k string) (top string, fn bool) {
	i := strings.IndexByte(k, '.')
	if i < 0 {
		return k, false
	}
	switch k[:i] {
	case "hook", "results", "commands":
		return k[i+1:], true
	}
	return k[:i], false
}

// diffRule is the citation of a difference: the second module's source
// for the field; where it kept the first's, the change is its own: its
// name, changing the first's rule. A function cites the module whose file
// defines it, by its name and sources as that file left them: a wrapper
// written by a house rule that another requires cites the house rule.
func diffRule(a, b *Module, k, bv string) string {
	top, fn := topic(k)
	as := a.Source(top)
	rule, name := b.Source(top), b.Name
	if fn && bv != "" {
		file, _, _ := strings.Cut(bv, ":")
		if l, ok := b.labels[file]; ok {
			rule, name = l.sources[top], l.name
		}
	}
	if rule != as && rule != "" {
		return rule
	}
	if name == a.Name {
		name = b.ID
	}
	if as != "" {
		return name + ", changing " + as
	}
	return name
}

// hookTopics says what each hook decides, for people.
var hookTopics = map[string]string{
	"odds":            "how a battle's odds and column are worked out",
	"results":         "what a combat result does",
	"on_phase_start":  "what happens as each phase begins (weather rolls among it)",
	"on_phase_end":    "what happens when a phase ends, and whether it may",
	"can_move":        "which units may move",
	"can_move_path":   "which moves and rail moves are allowed",
	"can_move_paths":  "which destinations the legal actions list",
	"move_limits":     "how far and where units may move",
	"move_kinds":      "which kinds of unit the legal actions consider moving",
	"after_move":      "what happens after a unit moves",
	"allowance":       "units' movement allowances",
	"rail_allowed":    "who may move by rail",
	"arrival_reduced": "which reinforcements arrive at half strength",
	"rebuild_cost":    "what a rebuilt step costs",
	"can_rebuild":     "which units may be rebuilt",
	"can_place":       "where units may be placed",
	"place_limits":    "where units may be placed, as the legal actions list it",
	"can_attack":      "which units may attack",
	"can_lose":        "which attackers may take losses",
	"on_eliminated":   "what follows a unit's elimination",
	"supply_sources":  "where supply comes from",
	"phase_order":     "the order of each turn's phases",
	"battle_terrain":  "the terrain and city a battle counts",
	"commands":        "a command of the rules' own",
}

// says puts a difference in a player's words.
func says(a, b *Module, d Difference) string {
	p := strings.Split(d.Key, ".")
	was := func(x string) string {
		if x == "" {
			return "nothing"
		}
		return x
	}
	switch {
	case d.Key == "river_extra":
		return fmt.Sprintf("crossing a river costs %s extra MP instead of %s", d.B, d.A)
	case p[0] == "move_cost" && len(p) == 3:
		cost := func(v string) string {
			switch v {
			case "stop":
				return "must stop there"
			case "no entry", "":
				return "may not enter"
			}
			return "pay " + v + " MP"
		}
		return fmt.Sprintf("%s units entering %s %s, instead of they %s", p[1], p[2], cost(d.B), cost(d.A))
	case p[0] == "kinds" && len(p) == 2:
		if d.B == "" {
			return p[1] + " units are no longer known to the rules"
		}
		return fmt.Sprintf("%s units move as %s (they moved as %s)", p[1], d.B, was(d.A))
	case d.Key == "strait.extra":
		return fmt.Sprintf("crossing the Straits of Kerch costs %s extra MP instead of %s", d.B, d.A)
	case d.Key == "strait.per_turn":
		return fmt.Sprintf("%s units a turn may cross the Straits of Kerch instead of %s", d.B, d.A)
	case p[0] == "calendar" && len(p) == 3 && p[2] == "roll":
		return fmt.Sprintf("in %s the turn's weather comes on a die of 1-%s instead of 1-%s", p[1], d.B, orDefault(d.A, a.weatherRoll()))
	case p[0] == "calendar" && len(p) == 3 && p[2] == "weather":
		return fmt.Sprintf("%s's weather mark is %s instead of %s", p[1], was(d.B), was(d.A))
	case d.Key == "weather_roll":
		return fmt.Sprintf("the weather comes on a die of 1-%s instead of 1-%s", d.B, d.A)
	case p[0] == "weather" && len(p) == 3:
		switch p[2] {
		case "move_extra":
			return fmt.Sprintf("in %s each hex entered costs %s extra MP instead of %s", p[1], orDefault(d.B, "0"), orDefault(d.A, "0"))
		case "shift":
			return fmt.Sprintf("in %s every attack is shifted %s columns instead of %s", p[1], orDefault(d.B, "0"), orDefault(d.A, "0"))
		case "mp_half", "attack_half":
			what := map[string]string{"mp_half": "movement allowances", "attack_half": "attack factors"}[p[2]]
			if d.B == "true" {
				return fmt.Sprintf("in %s %s are halved", p[1], what)
			}
			return fmt.Sprintf("in %s %s are no longer halved", p[1], what)
		}
	case p[0] == "crt" && len(p) == 3:
		die := strings.TrimPrefix(p[2], "die ")
		switch {
		case d.A == "":
			return fmt.Sprintf("the new column %s: a die of %s gives %s", p[1], die, d.B)
		case d.B == "":
			return fmt.Sprintf("the column %s is gone (a die of %s gave %s)", p[1], die, d.A)
		}
		return fmt.Sprintf("a die of %s at %s gives %s instead of %s", die, p[1], d.B, d.A)
	case d.Key == "crt.columns":
		return fmt.Sprintf("the odds columns are %s instead of %s", d.B, d.A)
	case d.Key == "phases":
		return fmt.Sprintf("a turn's phases are %s instead of %s", was(d.B), was(d.A))
	case p[0] == "phases" && len(p) == 3 && p[2] == "classes":
		// no list (or an empty one: the engine reads it as none) lets
		// every class move
		only := func(v string) string {
			if v == "" {
				return "every unit moves (no class list)"
			}
			return "only " + v + " units move"
		}
		return fmt.Sprintf("in %s %s, instead of: %s", p[1], only(d.B), only(d.A))
	case p[0] == "help" && len(p) == 2:
		return fmt.Sprintf("the help of %s reads: %s", p[1], was(d.B))
	case p[0] == "cite" && len(p) == 2:
		return fmt.Sprintf("refusals and events for %s cite %s instead of %s", p[1], was(d.B), was(d.A))
	case p[0] == "store" && len(p) == 3:
		each := map[string]string{"game": "the game", "side": "each side", "unit": "each unit", "hex": "each hex"}[p[1]]
		if d.A == "" {
			return fmt.Sprintf("the rules keep for %s %s: %s", each, p[2], d.B)
		}
		if d.B == "" {
			return fmt.Sprintf("the rules no longer keep %s for %s", p[2], each)
		}
		return fmt.Sprintf("the rules keep for %s %s: %s instead of %s", each, p[2], d.B, d.A)
	case p[0] == "commands" && len(p) == 2:
		if d.A == "" {
			return fmt.Sprintf("a new command, %s: %s", p[1], cmpOr(b.Help(p[1]), "see "+d.B))
		}
		if d.B == "" {
			return "the command " + p[1] + " is gone"
		}
		return fmt.Sprintf("the command %s works as %s says, not %s", p[1], d.B, d.A)
	case p[0] == "fog" && len(p) >= 2:
		return fogSays(p[1:], d)
	case p[0] == "results" && len(p) == 2:
		if d.A != "" && d.B != "" && slices.Contains(b.wraps[d.Key], d.A) {
			return fmt.Sprintf("what the result %s does: changed by %s", p[1], chain(d.B, b.wraps[d.Key], d.A))
		}
		return fmt.Sprintf("the result %s does what %s says, not %s", p[1], was(d.B), was(d.A))
	case p[0] == "hook" && len(p) == 2:
		what := cmpOr(hookTopics[p[1]], "the function "+p[1])
		switch {
		case d.B == "":
			return what + ": as the engine's rules say (no " + p[1] + ", was " + d.A + ")"
		case d.A == "":
			return what + ": decided by " + d.B + " (new)"
		case slices.Contains(b.wraps[d.Key], d.A):
			return what + ": changed by " + chain(d.B, b.wraps[d.Key], d.A)
		}
		return what + ": decided by " + d.B + " instead of " + d.A
	}
	switch {
	case d.A == "":
		return d.Key + " is new: " + d.B
	case d.B == "":
		return d.Key + " is gone (it was " + d.A + ")"
	}
	return d.Key + " is " + d.B + " instead of " + d.A
}

// fogSays words a difference in R.fog (hidden information, game/fog.go):
// key is the path under fog, a side's table first when it has one.
func fogSays(key []string, d Difference) string {
	who := "each side"
	if len(key) == 2 && (key[0] == "axis" || key[0] == "soviet") {
		who, key = "the "+key[0]+" side", key[1:]
	}
	if len(key) != 1 {
		return "fog." + strings.Join(key, ".") + " is " + orDefault(d.B, "gone") + " instead of " + orDefault(d.A, "nothing")
	}
	switch key[0] {
	case "range":
		switch {
		case d.B == "":
			return fmt.Sprintf("%s sees every enemy unit in full (it saw them within %s hexes of its own)", who, d.A)
		case d.A == "":
			return fmt.Sprintf("%s sees the kind and strength of enemy units only within %s hexes of its own (it saw every one)", who, d.B)
		}
		return fmt.Sprintf("%s sees the kind and strength of enemy units within %s hexes of its own, not %s", who, d.B, d.A)
	case "zoc":
		if d.B == "true" {
			return who + " sees enemy units in its zone of control in full"
		}
		return who + " no longer sees every enemy unit in its zone of control in full"
	case "reserves":
		if d.B == "true" {
			return who + " does not see the enemy's units off the map (to arrive, withdrawn)"
		}
		return who + " sees the enemy's units off the map"
	case "guess":
		return fmt.Sprintf("%s's computer player assumes an unseen enemy unit has strength %s", who, orDefault(d.B, "the order of battle's mean"))
	case "rule":
		return "masked events and refusals for unseen units cite " + orDefault(d.B, "House: Fog of war")
	}
	return "fog." + key[0] + " is " + orDefault(d.B, "gone") + " instead of " + orDefault(d.A, "nothing")
}

// chain words a wrapper and what it wraps, down to the first module's
// function: "sariego.lua:34, around initiative.lua:30, around
// base.lua:308". wraps lists the functions of other files the wrapper
// reaches, depth first; the chain follows it to a, leaving out helpers
// that a wrapper calls beside the function it wraps (at most 6 links).
func chain(b string, wraps []string, a string) string {
	links := []string{b}
	end := slices.Index(wraps, a)
	for _, w := range wraps[:end] {
		file, _, _ := strings.Cut(w, ":")
		prev, _, _ := strings.Cut(links[len(links)-1], ":")
		if file == prev || len(links) >= 5 {
			continue // a helper of the same file, or a long chain
		}
		links = append(links, w)
	}
	links = append(links, a)
	return strings.Join(links, ", around ")
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// weatherRoll is the module's weather_roll as flattened.
func (m *Module) weatherRoll() string { return orDefault(m.flat["weather_roll"], "0") }
