package interp

import (
	"strings"

	lua "github.com/yuin/gopher-lua"
)

// Use is one legal use of a module command now, as the module's
// enumerator R.uses[WORD](side) lists it: the whole command line, and
// what a board highlights for it.
type Use struct {
	Line  string   // the command line, e.g. "fortify A-1234"
	Hexes []string // hexes to highlight
	Units []string // units to highlight
	Text  string   // what the use does, in plain words
}

// MaxUses bounds the uses one enumerator lists.
const MaxUses = 2000

// HasUses reports whether the module lists the uses of its command word.
func (r *Rules) HasUses(word string) bool { return r.hooks["uses."+word] }

// Uses calls the module's enumerator R.uses[word](side), a pure hook
// that lists the command's legal uses now: each item a command line, or a
// table {line = ..., hexes = {...}, units = {...}, text = ...}. Every
// line must begin with the word. A module without the enumerator lists
// none (nil).
func (r *Rules) Uses(word, side string) ([]Use, error) {
	name := "uses." + word
	ret, err := r.call(name, 1, Str(side))
	if err != nil || ret == nil || ret[0] == lua.LNil {
		return nil, err
	}
	t, ok := ret[0].(*lua.LTable)
	if !ok {
		return nil, r.hookErr(name, "a %s; it must return a list of command lines or {line = ...} tables", ret[0].Type())
	}
	n := t.Len()
	if n > MaxUses {
		return nil, r.hookErr(name, "%d uses; at most %d", n, MaxUses)
	}
	out := make([]Use, 0, n)
	for i := 1; i <= n; i++ {
		var u Use
		switch v := t.RawGetInt(i).(type) {
		case lua.LString:
			u.Line = string(v)
		case *lua.LTable:
			line, ok := v.RawGetString("line").(lua.LString)
			if !ok {
				return nil, r.hookErr(name, "item %d without a line (a string)", i)
			}
			u.Line = string(line)
			if u.Hexes, err = r.useStrs(name, i, v, "hexes"); err != nil {
				return nil, err
			}
			if u.Units, err = r.useStrs(name, i, v, "units"); err != nil {
				return nil, err
			}
			if s, ok := v.RawGetString("text").(lua.LString); ok {
				u.Text = safeText(string(s))
			}
		default:
			return nil, r.hookErr(name, "item %d a %s; each use is a command line or a {line = ...} table", i, v.Type())
		}
		if len(u.Line) > maxText || (u.Line != word && !strings.HasPrefix(u.Line, word+" ")) {
			return nil, r.hookErr(name, "item %d %q; a use's line begins with the word %s", i, safeText(u.Line), word)
		}
		u.Line = safeText(u.Line)
		out = append(out, u)
	}
	return out, nil
}

// useStrs reads the list of strings v[key] of item i (nil when absent).
func (r *Rules) useStrs(name string, i int, v *lua.LTable, key string) ([]string, error) {
	x := v.RawGetString(key)
	if x == lua.LNil {
		return nil, nil
	}
	l, ok := x.(*lua.LTable)
	if !ok || l.Len() > MaxUses {
		return nil, r.hookErr(name, "item %d's %s a %s; it must be a list of ids", i, key, x.Type())
	}
	out := make([]string, 0, l.Len())
	for j := 1; j <= l.Len(); j++ {
		s, ok := l.RawGetInt(j).(lua.LString)
		if !ok {
			return nil, r.hookErr(name, "item %d's %s[%d] a %s; it must be an id", i, key, j, l.RawGetInt(j).Type())
		}
		out = append(out, safeText(string(s)))
	}
	return out, nil
}
