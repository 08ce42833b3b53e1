package interp

import (
	"strings"
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// eval runs a chunk of Lua in a fresh sandbox and returns its value as a
// string, or the error's text.
func eval(t *testing.T, src string) (string, error) {
	t.Helper()
	sb := NewSandbox(Options{})
	defer sb.Close()
	v, err := sb.Run("test.lua", []byte(src))
	if err != nil {
		return "", err
	}
	return lua.LVAsString(v), nil
}

// evalCase is a chunk of Lua with the value or the error it must give.
type evalCase struct{ src, want, wantErr string }

// checkEvals runs each case's prefix+src in a fresh sandbox.
func checkEvals(t *testing.T, prefix string, tests []evalCase) {
	t.Helper()
	for _, tt := range tests {
		got, err := eval(t, prefix+tt.src)
		switch {
		case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
			t.Errorf("%s: error %v, want %q", tt.src, err, tt.wantErr)
		case tt.wantErr == "" && err != nil:
			t.Errorf("%s: %v", tt.src, err)
		case tt.wantErr == "" && got != tt.want:
			t.Errorf("%s = %q, want %q", tt.src, got, tt.want)
		}
	}
}

func TestFormat(t *testing.T) {
	tests := []evalCase{
		{`string.format("%d %i %5d|%-5d|%05d|%+d|% d", 3, 4.7, 42, 42, 42, 7, 7)`, "3 4    42|42   |00042|+7| 7", ""},
		{`string.format("%u %x %X %#x %o %c%c", 5, 255, 255, 255, 8, 72, 105)`, "5 ff FF 0xff 10 Hi", ""},
		{`string.format("%x", -1)`, "ffffffffffffffff", ""},
		{`string.format("%.2f %e %E %g %G %g", 3.14159, 12345.678, 0.5, 1/3, 1e20, 100000)`, "3.14 1.234568e+04 5.000000E-01 0.333333 1E+20 100000", ""},
		{`string.format("%f %g %5.1f", 1/0, 0/0, -1/0)`, "inf nan  -inf", ""},
		{`string.format("%s|%5s|%-5s|%.2s|%5.1s", "abc", "ab", "ab", "abc", "xyz")`, "abc|   ab|ab   |ab|    x", ""},
		{`string.format("%s %s %s", 1, true, nil)`, "1 true nil", ""},
		{`string.format("%5s|", "é")`, "   é|", ""}, // bytes, as C counts
		{`string.format("%q", 'a "b"\n\0c\\')`, "\"a \\\"b\\\"\\\n\\000c\\\\\"", ""},
		{`string.format("100%% %s", setmetatable({}, {__tostring = function() return "T" end}))`, "100% T", ""},
		{`string.format("%v", 1)`, "", "invalid option '%v'"},
		{`string.format("%#v", {})`, "", "invalid option '%v'"},
		{`string.format("%T", 1)`, "", "invalid option '%T'"},
		{`string.format("%[1]s", "x")`, "", "invalid option '%['"},
		{`string.format("%*d", 5, 1)`, "", "invalid option '%*'"},
		{`string.format("%b", 5)`, "", "invalid option '%b'"},
		{`string.format("%100d", 5)`, "", "width longer than two digits"},
		{`string.format("%.100f", 5)`, "", "precision longer than two digits"},
		{`string.format("%-+ #0-5d", 5)`, "", "repeated flags"},
		{`string.format("%d")`, "", "bad argument #2 to format (no value)"},
		{`string.format("%5", 1)`, "", "ends without a conversion"},
		{`string.format("%d", 0/0)`, "", "number has no integer representation"},
		{`string.format("%d", 2^63)`, "", "number has no integer representation"},
		{`string.format("%d", "x")`, "", "number expected"},
		{`string.format("%s", {})`, "", "string expected, got table"},
		{`string.format("%s", print)`, "", "string expected, got function"},
		{`string.format("%s%s", string.rep("x", 1048576), "y")`, "", "result too long"},
	}
	checkEvals(t, "return ", tests)
}

func TestConcat(t *testing.T) {
	mt := `local T = setmetatable({}, {__concat = function(a, b)
		return (type(a) == "table" and "T" or a) .. (type(b) == "table" and "T" or b) end}) `
	tests := []evalCase{
		{`return "a" .. "b" .. 1 .. 2.5`, "ab12.5", ""},
		{`local x = "y" return (x .. x):upper() .. #(x .. "zz")`, "YY3", ""},
		{mt + `return "a" .. T .. "b" .. "c"`, "aTbc", ""},
		{mt + `return T .. T`, "TT", ""},
		{`local t = {} t["k" .. 1] = 2 return t.k1 .. ""`, "2", ""},
		{`local function f(...) return select("#", ...) end return f("a" .. "b") .. ""`, "1", ""},
		{`return "a" .. nil`, "", "test.lua:1: cannot perform concat operation between string and nil"},
		{`return {} .. "a"`, "", "between table and string"},
		{"local s = 'x'\n\nwhile true do s = s .. s end", "", "test.lua:3: string too long"},
		{`local s = string.rep("x", 600000) return s .. "a" .. s`, "", "string too long"},
		{`local s = string.rep("x", 1048576) return #(s .. "")`, "1048576", ""},
		{`return _G["(concat)"] ~= nil and "hidden name" or "missing"`, "hidden name", ""},
	}
	checkEvals(t, "", tests)
}

// TestStringMetatable: the strings' metatable is the capped string
// library itself, so s:rep and getmetatable("").rep are the same checked
// function.
func TestStringMetatable(t *testing.T) {
	got, err := eval(t, `local mt = getmetatable("")
return tostring(mt == string and mt.__index == string and mt.dump == nil and ("x"):rep(2) == "xx")`)
	if err != nil || got != "true" {
		t.Errorf("got %q, %v", got, err)
	}
	if _, err := eval(t, `return getmetatable("").rep("x", 2^30)`); err == nil || !strings.Contains(err.Error(), "too long") {
		t.Errorf("getmetatable(\"\").rep: %v", err)
	}
}

// TestConcatRewrite: chains that join two values or more are calls (and
// capped); a value joined to literals stays the VM's.
func TestConcatRewrite(t *testing.T) {
	tests := []evalCase{
		{`local s = string.rep("x", 1048576) return #("a" .. s .. "b")`, "1048578", ""}, // one value: the VM's, uncapped
		{`local s = string.rep("x", 1048576) local t = s return #(s .. t)`, "", "string too long"},
		{`local s = string.rep("x", 700000) return #(s .. ("y" .. s))`, "", "string too long"},
		{`local f = function() return "ab" end return f() .. f() .. "c"`, "ababc", ""},
	}
	checkEvals(t, "", tests)
}
