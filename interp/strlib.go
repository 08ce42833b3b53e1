package interp

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	lua "github.com/yuin/gopher-lua"
)

// Length caps for the string library. gopher-lua has no memory limit and
// cannot interrupt a library call at the deadline, so functions that build
// or scan long strings check sizes first.
//
// The .. operator is capped too: modules are compiled with it made a call
// (concat.go). Pattern functions are reimplemented in pattern.go so that
// the deadline also stops a backtracking match.
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
	str.RawSetString("format", L.NewFunction(strFormat))
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

// built tells the measure of what a state keeps between calls that a
// library call made a string of n bytes: long ones bring that measure
// forward (retainBuilt). (The memory budget of a call sees every string
// as the VM charges a Go function's results: lua.LState.Charge.)
func built(L *lua.LState, n int) {
	if n < 64<<10 {
		return
	}
	if sb, ok := L.Owner().(*Sandbox); ok {
		sb.keptBuilt += n
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
	built(L, len(s)*n)
	L.Push(lua.LString(strings.Repeat(s, n)))
	return 1
}

// strFormat is string.format as Lua 5.1 defines it, in bounded memory:
// the directives %d %i %u %c %x %X %o %e %E %f %g %G %q %s and %%, each
// with flags from "-+ #0" and a width and precision of at most two digits.
// Anything else (Go's %v, %T, %[1]s, %*d, ...) is an invalid option, and
// the result may not pass maxStringLen.
func strFormat(L *lua.LState) int {
	f := L.CheckString(1)
	var b strings.Builder
	arg := 1
	for i := 0; i < len(f); i++ {
		if f[i] != '%' {
			b.WriteByte(f[i])
			continue
		}
		i++
		if i < len(f) && f[i] == '%' {
			b.WriteByte('%')
			continue
		}
		start := i
		for i < len(f) && strings.IndexByte("-+ #0", f[i]) >= 0 {
			i++
		}
		if i-start > 5 {
			L.RaiseError("string.format: invalid format (repeated flags)")
		}
		for _, part := range []string{"width", "precision"} {
			digits := 0
			for ; i < len(f) && f[i] >= '0' && f[i] <= '9'; i++ {
				digits++
			}
			if digits > 2 {
				L.RaiseError("string.format: invalid format (%s longer than two digits)", part)
			}
			if part == "width" && i < len(f) && f[i] == '.' {
				i++
			}
		}
		if i >= len(f) {
			L.RaiseError("string.format: invalid format (%q ends without a conversion)", "%"+f[start:])
		}
		spec, conv := "%"+f[start:i], f[i]
		if strings.IndexByte("diucxXoeEfgGqs", conv) < 0 {
			L.RaiseError("string.format: invalid option '%%%c' (Lua's are %%d %%i %%u %%c %%x %%X %%o %%e %%E %%f %%g %%G %%q %%s %%%%)", conv)
		}
		arg++
		if arg > L.GetTop() {
			L.ArgError(arg, "no value")
		}
		formatOne(L, &b, spec, conv, arg)
		if b.Len() > maxStringLen {
			tooLong(L, "string.format")
		}
	}
	built(L, b.Len())
	L.Push(lua.LString(b.String()))
	return 1
}

// formatOne writes argument n formatted by one directive: spec holds
// its flags, width and precision, conv its conversion.
func formatOne(L *lua.LState, b *strings.Builder, spec string, conv byte, n int) {
	switch conv {
	case 'd', 'i':
		fmt.Fprintf(b, spec+"d", intArg(L, n))
	case 'u', 'x', 'X', 'o':
		v, c := intArg(L, n), conv
		if c == 'u' {
			c = 'd'
		}
		if v < 0 { // as C prints a negative number as unsigned
			fmt.Fprintf(b, spec+string(c), uint64(v))
		} else {
			fmt.Fprintf(b, spec+string(c), v)
		}
	case 'c':
		pad(b, spec, string([]byte{byte(intArg(L, n))}))
	case 'e', 'E', 'f', 'g', 'G':
		x := float64(L.CheckNumber(n))
		switch {
		case math.IsNaN(x):
			pad(b, spec, "nan")
		case math.IsInf(x, 1):
			pad(b, spec, "inf")
		case math.IsInf(x, -1):
			pad(b, spec, "-inf")
		default:
			if (conv == 'g' || conv == 'G') && !strings.Contains(spec, ".") {
				spec += ".6" // C's default precision; Go's is the shortest
			}
			fmt.Fprintf(b, spec+string(conv), x)
		}
	case 'q':
		quote(b, L.CheckString(n))
	case 's':
		v := L.Get(n)
		switch v.(type) {
		case lua.LString, lua.LNumber, lua.LBool, *lua.LNilType:
		default:
			if L.GetMetaField(v, "__tostring") == lua.LNil {
				// its address would make the text differ from run to run
				L.ArgError(n, "string expected, got "+v.Type().String())
			}
		}
		s := lua.LVAsString(L.ToStringMeta(v))
		if len(s) > maxStringLen {
			tooLong(L, "string.format")
		}
		if p := strings.IndexByte(spec, '.'); p >= 0 {
			if prec, _ := strconv.Atoi(spec[p+1:]); prec < len(s) {
				s = s[:prec]
			}
			spec = spec[:p]
		}
		pad(b, spec, s)
	}
}

// intArg reads argument n as an integer as Lua 5.1 casts it: fractions
// dropped; beyond the 64-bit range there is none.
func intArg(L *lua.LState, n int) int64 {
	x := math.Trunc(float64(L.CheckNumber(n)))
	if math.IsNaN(x) || x < -(1<<63) || x >= 1<<63 {
		L.ArgError(n, "number has no integer representation")
	}
	return int64(x)
}

// pad writes s within the width of spec (bytes, as C counts them), on the
// left unless spec has the - flag.
func pad(b *strings.Builder, spec, s string) {
	flags := strings.TrimLeft(spec[1:], "-+ #0")
	if p := strings.IndexByte(flags, '.'); p >= 0 {
		flags = flags[:p]
	}
	w, _ := strconv.Atoi(flags)
	fill := strings.Repeat(" ", max(w-len(s), 0))
	if strings.Contains(spec, "-") {
		b.WriteString(s + fill)
	} else {
		b.WriteString(fill + s)
	}
}

// quote writes s as %q does in Lua 5.1: in double quotes, with ", \, the
// newline, the carriage return and the zero byte escaped.
func quote(b *strings.Builder, s string) {
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '"', '\\', '\n':
			b.WriteByte('\\')
			b.WriteByte(c)
		case '\r':
			b.WriteString(`\r`)
		case 0:
			b.WriteString(`\000`)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
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
	built(L, size)
}
