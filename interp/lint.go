package interp

// lint.go: the strict API and the lint beyond misspelt fields. A module's
// silent mistakes (a misspelt gpw function, a weather or calendar field
// never read, a result code no cell of the table holds, a side spelt
// "Axis", help for a command that does not exist, a store replaced by a
// later module) are either errors naming the mistake or warnings that
// gpw check, run, play and serve print.

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	lua "github.com/yuin/gopher-lua"
)

func init() {
	// the engine's readers of these fields: base.lua reads a weather's
	// shift, the engine a calendar entry's roll, the fog (game/fog.go)
	subFields["weather.*"] = appendNew(subFields["weather.*"], "move_extra", "mp_half", "attack_half", "shift")
	subFields["calendar[]"] = appendNew(subFields["calendar[]"], "name", "weather", "roll")
	subFields["fog"] = appendNew(subFields["fog"], "range", "zoc", "reserves", "guess", "rule", "axis", "soviet")
	Fields = appendNew(Fields, "fog")
}

func appendNew(list []string, names ...string) []string {
	for _, n := range names {
		if !slices.Contains(list, n) {
			list = append(list, n)
		}
	}
	return list
}

// strictAPI makes reading a name the gpw table t does not hold an error
// naming it, with the nearest names: gpw.defender_los(1) fails as
// "gpw.defender_los is not a function of the engine (did you mean
// gpw.defender_loss?)" instead of calling nil.
func strictAPI(L *lua.LState, t *lua.LTable) {
	var names []string
	t.ForEach(func(k, _ lua.LValue) {
		if s, ok := k.(lua.LString); ok {
			names = append(names, string(s))
		}
	})
	slices.Sort(names)
	mt := L.NewTable()
	mt.RawSetString("__index", L.NewFunction(func(L *lua.LState) int {
		name := safeText(L.Get(2).String())
		msg := fmt.Sprintf("gpw.%s is not a function of the engine", name)
		if near := nearest(name, names); near != "" {
			msg += fmt.Sprintf(" (did you mean gpw.%s?)", near)
		}
		L.RaiseError("%s; see docs/modding.md, The gpw functions", msg)
		return 0
	}))
	L.SetMetatable(t, mt)
}

// nearest returns the candidate a typing mistake away from name, or "":
// one edit (a letter added, dropped, changed, or two swapped) for names
// of up to five letters, two for longer ones, so that a short name of the
// module's own (R.chits) is not taken for an engine field (R.cite).
func nearest(name string, candidates []string) string {
	limit := 1
	if len(name) > 5 {
		limit = 2
	}
	best, bestD := "", limit+1
	for _, c := range candidates {
		if c == name || len(c) < 4 || abs(len(c)-len(name)) >= bestD {
			continue
		}
		if len(c) <= 5 && limit > 1 {
			// a long name is not a short one's mistake twice over
			if d := osaDistance(name, c); d <= 1 && d < bestD {
				best, bestD = c, d
			}
			continue
		}
		if d := osaDistance(name, c); d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

// osaDistance is the edit distance of a and b where swapping two
// neighbouring letters is one edit (optimal string alignment).
func osaDistance(a, b string) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			c := 1
			if a[i-1] == b[j-1] {
				c = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+c)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}

// storeScopes are R.store's scopes.
var storeScopes = []string{"game", "side", "unit", "hex"}

// storeSnap is R.store as one module file left it.
type storeSnap struct {
	file  string
	table *lua.LTable
	decl  map[string]lua.LValue // "scope.name" → its declaration
	names []string              // the keys of decl, in scope and name order
}

// snapStore records R.store as module file rel returned it (label).
func (m *Module) snapStore(rel string, t *lua.LTable) {
	st, ok := t.RawGetString("store").(*lua.LTable)
	if !ok {
		return
	}
	s := storeSnap{file: rel, table: st, decl: map[string]lua.LValue{}}
	for _, sc := range storeScopes {
		sub, ok := st.RawGetString(sc).(*lua.LTable)
		if !ok {
			continue
		}
		for _, k := range keys(sub) {
			s.decl[sc+"."+k] = sub.RawGetString(k)
			s.names = append(s.names, sc+"."+k)
		}
	}
	m.stores = append(m.stores, s)
}

// mergeStores keeps what earlier module files declared in R.store when a
// later one replaced the table wholesale (R.store = {...} after require):
// their declarations are added back to the final table, and a warning
// names both files and the fields kept. Without it a module required
// before would fail at run time reading a field no longer declared.
func (m *Module) mergeStores(L *lua.LState, t *lua.LTable) []string {
	final, ok := t.RawGetString("store").(*lua.LTable)
	if !ok || len(m.stores) == 0 {
		return nil
	}
	var out []string
	seen := map[*lua.LTable]bool{final: true}
	by := ""
	for _, s := range m.stores {
		if s.table == final {
			by = s.file
			break
		}
	}
	if by == "" {
		by = "the top module"
	}
	for _, s := range m.stores {
		if seen[s.table] {
			continue
		}
		seen[s.table] = true
		var kept []string
		for _, name := range s.names {
			sc, field, _ := strings.Cut(name, ".")
			sub, ok := final.RawGetString(sc).(*lua.LTable)
			if !ok {
				sub = L.NewTable()
				final.RawSetString(sc, sub)
			}
			if sub.RawGetString(field) == lua.LNil {
				sub.RawSetString(field, s.decl[name])
				kept = append(kept, name)
			}
		}
		if len(kept) > 0 {
			out = append(out, fmt.Sprintf("R.store: %s replaces the store that %s declared; its fields %s are kept (merged): change R.store's fields, not R.store, to keep a required module's", by, s.file, strings.Join(kept, ", ")))
		}
	}
	return out
}

// sideLiteral finds a string literal spelling a side with capitals.
var sideLiteral = regexp.MustCompile(`["']([Aa][Xx][Ii][Ss]|[Ss][Oo][Vv][Ii][Ee][Tt])["']`)

// lintMore is the lint beyond misspelt fields: the module's table t, as
// compiled, and the sources of its own files.
func (m *Module) lintMore(t *lua.LTable, sources map[string]string) []string {
	var out []string
	// R.fog must be a table to be read at all
	if v := t.RawGetString("fog"); v != lua.LNil {
		if _, ok := v.(*lua.LTable); !ok {
			out = append(out, fmt.Sprintf("R.fog is a %s: hidden information is declared by a table (docs/modding.md, Hidden information); the engine ignores it", v.Type()))
		}
	}
	// results the table never gives: a code misspelt in one of the two
	cells := map[string]bool{}
	for _, row := range m.CRT {
		for _, c := range row {
			cells[c] = true
		}
	}
	codes := slices.Sorted(func(yield func(string) bool) {
		for c := range cells {
			if !yield(c) {
				return
			}
		}
	})
	rt := table(t, "results")
	for _, k := range keys(rt) {
		fn, ok := rt.RawGetString(k).(*lua.LFunction)
		if !ok || cells[k] || !m.ownFile(fn) {
			continue
		}
		msg := fmt.Sprintf("R.results.%s: no cell of R.crt.rows holds %s, so it is never called (the table's codes: %s)", k, k, strings.Join(codes, ", "))
		out = append(out, msg)
	}
	// calendar entries naming a weather the module does not declare
	if cal, ok := t.RawGetString("calendar").(*lua.LTable); ok && m.Weather != nil {
		for i := 1; i <= cal.Len(); i++ {
			e, ok := cal.RawGetInt(i).(*lua.LTable)
			if !ok {
				continue
			}
			if w, ok := e.RawGetString("weather").(lua.LString); ok && w != "" && w != "clear" {
				if _, known := m.Weather[string(w)]; !known {
					out = append(out, fmt.Sprintf("R.calendar[%d].weather: %q is not a weather of R.weather (%s)", i, string(w), joinSorted(m.Weather)))
				}
			}
		}
	}
	// an emptied class list: read as no list, every class moves
	if ph, ok := t.RawGetString("phases").(*lua.LTable); ok {
		for i := 1; i <= ph.Len(); i++ {
			p, _ := ph.RawGetInt(i).(*lua.LTable)
			if p == nil {
				continue
			}
			if cl, ok := p.RawGetString("classes").(*lua.LTable); ok && cl.Len() == 0 {
				out = append(out, fmt.Sprintf("R.phases[%d].classes is empty: every class moves in %s, as with no list (leave the phase out in phase_order for none)", i, str(p, "id")))
			}
		}
	}
	// help for a command word the module does not define
	words := keys(table(t, "commands"))
	ht := table(t, "help")
	for _, k := range keys(ht) {
		if slices.Contains(words, k) {
			continue
		}
		msg := fmt.Sprintf("R.help.%s: there is no command %s (R.commands.%s)", k, k, k)
		if near := core_nearest(k, words); near != "" {
			msg += fmt.Sprintf("; did you mean %s?", near)
		}
		out = append(out, msg)
	}
	// sides spelt with capitals as keys or values of the module's tables
	// (R.bot.Soviet, R.closed.Axis, side = "Axis")
	out = append(out, sideSpellings(t)...)
	// sides spelt with capitals in the module's own files
	for _, file := range slices.Sorted(mapKeys(sources)) {
		for i, line := range strings.Split(sources[file], "\n") {
			code, _, _ := strings.Cut(line, "--")
			for _, sm := range sideLiteral.FindAllStringSubmatch(code, -1) {
				if s := sm[1]; s != strings.ToLower(s) {
					out = append(out, fmt.Sprintf("%s:%d: %q: sides are spelt %q and %q; %q never matches one", file, i+1, s, "axis", "soviet", s))
				}
			}
		}
	}
	return out
}

// core_nearest is nearest over any names, for words of the module's own.
func core_nearest(name string, names []string) string {
	best, bestD := "", 3
	for _, c := range names {
		if d := osaDistance(name, c); d < bestD && d <= max(1, len(name)/3) {
			best, bestD = c, d
		}
	}
	return best
}

func mapKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// ownFile reports whether fn was written in the module's top file (not
// in a module it requires: a house rule that replaces the table leaves
// base's results behind, and that is no mistake of its own).
func (m *Module) ownFile(fn *lua.LFunction) bool {
	if fn.Proto == nil {
		return false
	}
	src := strings.TrimPrefix(fn.Proto.SourceName, "@")
	return src == m.load.rel || strings.HasSuffix(src, "/"+m.load.rel)
}

// ownSources are the module's files read from disk (a house rule and what
// it requires next to it), by file name: the built-in modules are ours.
func (m *Module) ownSources() map[string]string {
	out := map[string]string{}
	for _, d := range m.disk {
		if b, err := os.ReadFile(d.path); err == nil {
			out[filepath.Base(d.path)] = string(b)
		}
	}
	return out
}

// sideSpellings walks the module's tables (to a depth of 4, at most
// 20,000 entries) for keys and string values that spell a side with
// capitals.
func sideSpellings(t *lua.LTable) []string {
	var out []string
	left := 20_000
	seen := map[*lua.LTable]bool{}
	bad := func(s string) bool {
		l := strings.ToLower(s)
		return (l == "axis" || l == "soviet") && s != l
	}
	var walk func(t *lua.LTable, path string, depth int)
	walk = func(t *lua.LTable, path string, depth int) {
		if seen[t] || depth > 4 {
			return
		}
		seen[t] = true
		for _, k := range anyKeys(t) {
			if left--; left < 0 {
				return
			}
			v := t.RawGet(k.key)
			at := path + "." + k.name
			if k.isN {
				at = fmt.Sprintf("%s[%s]", path, k.name)
			}
			if !k.isN && bad(k.name) {
				out = append(out, fmt.Sprintf("%s: sides are spelt %q and %q; the key %q is never read as one", at, "axis", "soviet", k.name))
			}
			switch v := v.(type) {
			case lua.LString:
				if bad(string(v)) {
					out = append(out, fmt.Sprintf("%s = %q: sides are spelt %q and %q", at, string(v), "axis", "soviet"))
				}
			case *lua.LTable:
				walk(v, at, depth+1)
			}
		}
	}
	walk(t, "R", 0)
	return out
}
