package interp

import (
	"strings"

	lua "github.com/yuin/gopher-lua"
)

// Length caps for the string library. gopher-lua has no memory limit and
// cannot interrupt a library call at the deadline, so functions that build
// or scan long strings check sizes first.
//
// The .. operator cannot be capped (the VM concatenates without a hook):
// a loop doubling a string is stopped by the phase deadline only between
// instructions, and a few doublings of a 1 MiB string still allocate a lot.
// Pattern functions are reimplemented in pattern.go so that the deadline
// also stops a backtracking match.
const (
	maxStringLen  = 1 << 20 // longest string a library call may build or scan
	maxPatternLen = 256     // longest Lua pattern
)

// capStringLib replaces the string and table functions that can allocate or
// scan without bound by checked versions, and removes string.dump.
func capStringLib(L *lua.LState) {
	str := L.GetGlobal("string").(*lua.LTable)
	str.RawSetString("dump", lua.LNil)
	str.RawSetString("rep", L.NewFunction(strRep))
	str.RawSetString("format", L.NewFunction(checked(L, str, "format", checkFormat)))
	str.RawSetString("find", L.NewFunction(strFind))
	str.RawSetString("match", L.NewFunction(strMatch))
	str.RawSetString("gmatch", L.NewFunction(strGmatch))
	str.RawSetString("gfind", L.NewFunction(strGmatch))
	str.RawSetString("gsub", L.NewFunction(strGsub))
	tab := L.GetGlobal("table").(*lua.LTable)
	tab.RawSetString("concat", L.NewFunction(checked(L, tab, "concat", checkConcat)))
}

// checked wraps lib[name] so that check runs on the arguments first.
func checked(L *lua.LState, lib *lua.LTable, name string, check func(*lua.LState)) lua.LGFunction {
	orig := L.GetField(lib, name)
	return func(L *lua.LState) int {
		check(L)
		n := L.GetTop()
		L.Insert(orig, 1)
		L.Call(n, lua.MultRet)
		return L.GetTop()
	}
}

// tooLong raises the standard error for a result over maxStringLen.
func tooLong(L *lua.LState, fn string) {
	L.RaiseError("%s: result too long (limit %d bytes)", fn, maxStringLen)
}

// strRep is string.rep(s, n).
func strRep(L *lua.LState) int {
	s, n := L.CheckString(1), L.CheckInt(2)
	if n <= 0 || s == "" {
		L.Push(lua.LString(""))
		return 1
	}
	if n > maxStringLen/len(s) {
		tooLong(L, "string.rep")
	}
	L.Push(lua.LString(strings.Repeat(s, n)))
	return 1
}

// checkFormat bounds string.format: widths and precisions have at most two
// digits (as in Lua 5.1), so each directive adds at most a few hundred bytes
// beyond its string argument.
func checkFormat(L *lua.LState) {
	f := L.CheckString(1)
	size := len(f)
	for i := 0; i < len(f); i++ {
		if f[i] != '%' {
			continue
		}
		i++
		for i < len(f) && strings.IndexByte("-+ #0", f[i]) >= 0 {
			i++
		}
		for _, part := range []string{"width", "precision"} {
			digits := 0
			for ; i < len(f) && f[i] >= '0' && f[i] <= '9'; i++ {
				digits++
			}
			if digits > 2 {
				L.RaiseError("string.format: invalid format (%s too long)", part)
			}
			if part == "width" && i < len(f) && f[i] == '.' {
				i++
			}
		}
	}
	for i := 2; i <= L.GetTop(); i++ {
		size += 512
		if s, ok := L.Get(i).(lua.LString); ok {
			size += len(s)
		}
	}
	if size > maxStringLen {
		tooLong(L, "string.format")
	}
}

// checkConcat bounds table.concat(t, sep, i, j) by summing the parts.
func checkConcat(L *lua.LState) {
	t := L.CheckTable(1)
	sep := L.OptString(2, "")
	i, j := L.OptInt(3, 1), L.OptInt(4, t.Len())
	size := 0
	for k := max(i, 1); k <= j; k++ {
		switch v := t.RawGetInt(k).(type) {
		case lua.LString:
			size += len(v)
		case lua.LNumber:
			size += 24
		default:
			return // the original reports the bad value
		}
		if k < j {
			size += len(sep)
		}
		if size > maxStringLen {
			tooLong(L, "table.concat")
		}
	}
}
