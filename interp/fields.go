package interp

import (
	"fmt"

	lua "github.com/yuin/gopher-lua"
)

// reader reads a module's data fields with their types and ranges
// checked. It keeps the first problem, named by the field's path
// ("R.retreat.hexes"); reads after it return zero values.
type reader struct{ err error }

func (rd *reader) fail(format string, a ...any) {
	if rd.err == nil {
		rd.err = fmt.Errorf(format, a...)
	}
}

// want fails for a value of t[k] that is present but of another type.
func (rd *reader) want(t *lua.LTable, k, path string, typ lua.LValueType, what string) lua.LValue {
	if t == nil {
		return lua.LNil
	}
	v := t.RawGetString(k)
	if s, ok := v.(lua.LString); ok && typ == lua.LTString && hasControl(string(s)) {
		rd.fail("%s holds a control character (%s); a text of the rules is printed as it is", path, safeText(string(s)))
		return lua.LNil
	}
	if v == lua.LNil || v.Type() == typ {
		return v
	}
	rd.fail("%s is a %s; it must be %s", path, v.Type(), what)
	return lua.LNil
}

// table returns t[k], a table, or nil when it is absent.
func (rd *reader) table(t *lua.LTable, k, path string) *lua.LTable {
	v, _ := rd.want(t, k, path, lua.LTTable, "a table").(*lua.LTable)
	return v
}

// str returns t[k], a string, or "".
func (rd *reader) str(t *lua.LTable, k, path string) string {
	v, _ := rd.want(t, k, path, lua.LTString, "a string").(lua.LString)
	return string(v)
}

// flag returns t[k], true or false; false when absent.
func (rd *reader) flag(t *lua.LTable, k, path string) bool {
	v, _ := rd.want(t, k, path, lua.LTBool, "true or false").(lua.LBool)
	return bool(v)
}

// num returns t[k], a whole number in lo..hi, or def when absent.
func (rd *reader) num(t *lua.LTable, k, path string, def, lo, hi int) int {
	v, ok := rd.want(t, k, path, lua.LTNumber, "a number").(lua.LNumber)
	if !ok {
		return def
	}
	n, err := toInt(float64(v))
	if err == nil && (n < lo || n > hi) {
		err = fmt.Errorf("%d is outside %d..%d", n, lo, hi)
	}
	if err != nil {
		rd.fail("%s: %v", path, err)
		return def
	}
	return n
}

// strings returns the array t[k] of strings (n items at most).
func (rd *reader) strings(t *lua.LTable, k, path string, n int) []string {
	a := rd.table(t, k, path)
	if a == nil {
		return nil
	}
	if a.Len() > n {
		rd.fail("%s has %d items; at most %d", path, a.Len(), n)
		return nil
	}
	var out []string
	for i := 1; i <= a.Len(); i++ {
		s, ok := a.RawGetInt(i).(lua.LString)
		if !ok {
			rd.fail("%s[%d] is a %s; it must be a string", path, i, a.RawGetInt(i).Type())
			return nil
		}
		if hasControl(string(s)) {
			rd.fail("%s[%d] holds a control character (%s)", path, i, safeText(string(s)))
			return nil
		}
		out = append(out, string(s))
	}
	return out
}

// set returns the table t[k] of name = true entries as a set.
func (rd *reader) set(t *lua.LTable, k, path string) map[string]bool {
	m := map[string]bool{}
	s := rd.table(t, k, path)
	for _, name := range keys(s) {
		m[name] = rd.flag(s, name, path+"."+name)
	}
	return m
}

// texts returns the table t[k] of name = "text" entries.
func (rd *reader) texts(t *lua.LTable, k, path string) map[string]string {
	m := map[string]string{}
	s := rd.table(t, k, path)
	for _, name := range keys(s) {
		m[name] = rd.str(s, name, path+"."+name)
	}
	return m
}

// hasControl reports whether s holds a control character other than
// newline and tab.
func hasControl(s string) bool {
	for _, r := range s {
		if control(r) {
			return true
		}
	}
	return false
}
