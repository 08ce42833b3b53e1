package interp

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestFromLuaCycles: a table that holds itself, directly or through
// another, is refused in words; it never sends the converter round and
// round (a fatal stack overflow in Go).
func TestFromLuaCycles(t *testing.T) {
	tests := []struct{ src, want string }{
		{"local t = {} t[1] = t return t", "a list that holds itself (item 1)"},
		{"local t = {1, 2} t[3] = t return t", "a list that holds itself (item 3)"},
		{"local t = {} t[1] = {t} return t", "a list inside a list"},
		{"local a, b = {}, {} a[1] = b b[1] = a return a", "a list inside a list"},
		{"local t = {} t.x = t return t", "a table that is not a list"},
		{"return {1, print}", "item 2: a function"},
	}
	for _, tt := range tests {
		sb := NewSandbox(Options{})
		v, err := sb.Run("t.lua", []byte(tt.src))
		if err != nil {
			t.Fatal(err)
		}
		_, err = fromLua(v)
		sb.Close()
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want %q", tt.src, err, tt.want)
		}
	}
}

// TestCyclicStoreDefault: a store default that holds itself is refused
// at load, naming the field.
func TestCyclicStoreDefault(t *testing.T) {
	_, err := compileHouse(t, `local t = {} t[1] = t
R.store = {game = {boom = {type = "list", default = t}}}`)
	want := "store.game.boom.default: a list that holds itself"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("error %v, want %q", err, want)
	}
}

// TestSharedTables: tables that share a subtable many times over at each
// level are read once per path; past maxWalk values the module is refused
// with the field's name, whatever field holds them. A sane sharing loads.
func TestSharedTables(t *testing.T) {
	dag := func(field string, fanout int) string {
		return `local node = {leaf = 1}
for level = 1, 9 do local t = {} for i = 1, ` + itoa(fanout) + ` do t[i] = node end node = t end
R.` + field + ` = node`
	}
	tests := []struct{ body, want string }{
		{dag("my_tree", 20), "R.my_tree.1.1."},
		{dag("bot", 20), "R.bot"},
		{`local s = string.rep("x", 1000) local l = {} for i = 1, 60000 do l[i] = s end
local t = {} for i = 1, 60000 do t[i] = l end R.big = {t}`, "R.big"},
		{dag("my_tree", 2), ""},
		{`local w = {move_extra = 1} R.my_weathers = {a = w, b = w, c = w}`, ""},
	}
	for _, tt := range tests {
		_, err := compileHouse(t, tt.body)
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%.60s: %v", tt.body, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), "more than 100000 values")):
			t.Errorf("%.60s: error %v, want %q", tt.body, err, tt.want)
		}
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// TestSafeText: control characters but newline and tab, and bytes that
// are not UTF-8, print as visible escapes.
func TestSafeText(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain text, é ü", "plain text, é ü"},
		{"a\tb\nc", "a\tb\nc"},
		{"\x1b[2J\x1b]0;pwned\x07", `\x1b[2J\x1b]0;pwned\x07`},
		{"fake\r\x1b[2K\x00", `fake\x0d\x1b[2K\x00`},
		{"c1 \u009b31m", `c1 \x9b31m`},
		{"bad \xff utf8", `bad \xff utf8`},
		{"del \x7f", `del \x7f`},
	}
	for _, tt := range tests {
		if got := safeText(tt.in); got != tt.want {
			t.Errorf("safeText(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestModuleTextsSafe: every text a module gives the engine (an error's
// message, a refusal's reason and citation, a note) reaches it made safe
// to print and within maxText; a text of the rules' data with a control
// character is refused at load.
func TestModuleTextsSafe(t *testing.T) {
	m, err := compileHouse(t, `function R.can_lose(u, k)
  if k == "huge" then return false, string.rep("r", 5000) end
  if k == "note" then gpw.note("\27[2Jnote", "\r\0") return nil end
  if k == "err" then error("\27[2J\rgone") end
  return false, "\27[31mRED\r\27[2K", "\27]0;title\7"
end
function R.allowance(u, mp) return mp, "why", string.rep("c", 5000) end`)
	if err != nil {
		t.Fatal(err)
	}
	h := &recHost{}
	r := m.Bind(h)
	_, msg, rule, err := r.Decide("can_lose", Str("u"), Str("x"))
	if err != nil || msg != `\x1b[31mRED\x0d\x1b[2K` || rule != `\x1b]0;title\x07` {
		t.Errorf("refusal %q (%q), %v", msg, rule, err)
	}
	if _, _, _, err := r.Decide("can_lose", Str("u"), Str("huge")); err == nil || !strings.Contains(err.Error(), "can_lose returned a reason of 5000 bytes (limit 4096)") {
		t.Errorf("a huge reason: %v", err)
	}
	if _, _, _, err := r.Reason("allowance", 4, Str("u"), Num(4)); err == nil || !strings.Contains(err.Error(), "allowance returned a citation of 5000 bytes") {
		t.Errorf("a huge citation: %v", err)
	}
	if _, _, _, err := r.Decide("can_lose", Str("u"), Str("note")); err != nil || len(h.notes) != 1 || h.notes[0] != `\x1b[2Jnote` {
		t.Errorf("note %q, %v", h.notes, err)
	}
	_, _, _, err = r.Decide("can_lose", Str("u"), Str("err"))
	if err == nil || !strings.Contains(err.Error(), `\x1b[2J\x0dgone`) || strings.ContainsAny(err.Error(), "\x1b\r") {
		t.Errorf("error %q", err)
	}
	for _, body := range []string{`R.phases[1].id = "\27[2J"`, `R.name = "x\r"`, `R.classes[1] = "\0"`} {
		if _, err := compileHouse(t, body); err == nil || !strings.Contains(err.Error(), "holds a control character") {
			t.Errorf("%s: error %v", body, err)
		}
	}
}

// TestHookTypes: a hook, result or command that is not a function, and a
// module without odds, are refused at load; special rules must give back
// a table (or change R in place).
func TestHookTypes(t *testing.T) {
	tests := []struct{ body, want string }{
		{`R.on_phase_start = 5`, "R.on_phase_start is a number; a hook must be a function"},
		{`R.can_move = "yes"`, "R.can_move is a string; a hook must be a function"},
		{`R.odds = setmetatable({}, {__call = R.odds})`, "R.odds is a table; a hook must be a function"},
		{`R.odds = nil`, "R.odds is missing"},
		{`R.commands = {go = 5}`, "R.commands.go is a number; it must be a function"},
		{`R.commands = 5`, "R.commands is a number; it must be a table of functions"},
		{`R.results.XX = {}`, "R.results.XX is a table; it must be a function"},
	}
	for _, tt := range tests {
		_, err := compileHouse(t, tt.body)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want %q", tt.body, err, tt.want)
		}
	}
	specials := []struct{ src, want string }{
		{"return function(R) return 5 end", "must return R (a table), not a number"},
		{"return function(R) return 'x' end", "must return R (a table), not a string"},
		{"return function(R) R.odds = 7 return R end", "rules/base.lua as changed by special.lua: R.odds is a number"},
		{"return function(R) return {} end", "rules/base.lua as changed by special.lua:"},
		{"return function(R) R.name = 'changed' end", ""},
	}
	for _, tt := range specials {
		m, err := Compile("gdw", os.DirFS(".."), "special.lua", []byte(tt.src))
		switch {
		case tt.want == "" && (err != nil || m.Name != "changed"):
			t.Errorf("%s: %v", tt.src, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("%s: error %v, want %q", tt.src, err, tt.want)
		}
	}
}

// TestHookAnswers: a check hook answers nil, true, or false with a reason
// and a rule; a yes-or-no hook true, false or nil. Anything else (a
// string, a number) is an error naming the hook, never a yes.
func TestHookAnswers(t *testing.T) {
	tests := []struct{ ret, want string }{
		{`"yes"`, "can_lose returned a string; it must return nil, true, or false"},
		{`5`, "can_lose returned a number"},
		{`{}`, "can_lose returned a table"},
		{`true`, ""},
		{`nil`, ""},
		{`false, "no", "House: 1"`, ""},
	}
	for _, tt := range tests {
		m, err := compileHouse(t, "function R.can_lose() return "+tt.ret+" end\nfunction R.arrival_reduced() return "+tt.ret+" end")
		if err != nil {
			t.Fatal(err)
		}
		r := m.Bind(&recHost{})
		_, _, _, err = r.Decide("can_lose", Str("u"), Str("k"))
		_, berr := r.Bool("arrival_reduced", Str("u"))
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("return %s: %v", tt.ret, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("return %s: error %v, want %q", tt.ret, err, tt.want)
		}
		if (berr != nil) != (tt.want != "") {
			t.Errorf("arrival_reduced returning %s: %v", tt.ret, berr)
		}
	}
}

// TestNesting: code nested deeper than maxNesting (blocks, functions,
// expressions, a long chain of ..) is refused with its file and line
// before it is compiled, whose time grows with the square of the depth;
// long left-associative chains and sane nesting compile.
func TestNesting(t *testing.T) {
	rep := func(s string, n int) string { return strings.Repeat(s, n) }
	tests := []struct {
		src  string
		line int // 0: compiles
	}{
		{"local f = function()\n" + rep("do ", 100000) + rep("end ", 100000) + " end", 2},
		{"local s = 'a'\n" + rep(" .. 'a'", 100000), 2},
		{"local x = " + rep("not ", 100000) + "true", 1},
		{"local x = " + rep("{", 100000) + rep("}", 100000), 1},
		{"local x = " + rep("(", 1000) + "1" + rep(")", 1000), 0},
		{"local x = 1" + rep(" + 1", 100000), 0},
		{"local x = a" + rep(".b", 10000), 0},
		{"local f = function()\n" + rep("do ", 150) + rep("end ", 150) + " end", 0},
		{"local s = 'a'" + rep(" .. 'a'", 150), 0},
	}
	for _, tt := range tests {
		_, err := compileCached("deep.lua", []byte(tt.src))
		want := fmt.Sprintf("deep.lua:%d: the code nests more than 200 levels deep", tt.line)
		switch {
		case tt.line == 0 && err != nil:
			t.Errorf("%.40s: %v", tt.src, err)
		case tt.line != 0 && (err == nil || !strings.HasPrefix(err.Error(), want)):
			t.Errorf("%.40s: error %v, want %q", tt.src, err, want)
		}
	}
}

// TestNoAddresses: tostring gives no heap address (it would differ from
// run to run, and a save that kept it would not replay).
func TestNoAddresses(t *testing.T) {
	tests := []struct{ expr, want string }{
		{"tostring({})", "table"},
		{"tostring(print)", "function"},
		{"tostring(function() end)", "function"},
		{"tostring(setmetatable({}, {__tostring = function() return 'mine' end}))", "mine"},
		{"tostring(5) .. tostring(nil) .. tostring(true) .. tostring('s')", "5niltrues"},
	}
	for _, tt := range tests {
		sb := NewSandbox(Options{})
		v, err := sb.Run("t.lua", []byte("return "+tt.expr))
		sb.Close()
		if err != nil || v.String() != tt.want {
			t.Errorf("%s = %v, %v; want %q", tt.expr, v, err, tt.want)
		}
	}
}

// TestGlobalsStayFrozen: once a module is loaded, no way of setting a
// global works: not the globals' metatable removed at load, nor rawset
// or the table library on _G, even through a copy taken at load.
func TestGlobalsStayFrozen(t *testing.T) {
	tests := []struct{ load, call, want string }{
		{"", "x = 1", "global x: a rules module may not set globals"},
		{"setmetatable(_G, nil)", "", "cannot change a protected metatable"},
		{"", "rawset(_G, 'x', 1)", "rawset(_G, ...): a rules module may not set globals"},
		{"local rs = rawset function F() rs(_G, 'x', 1) end", "F()", "rawset(_G, ...)"},
		{"", "table.insert(_G, 1)", "insert(_G, ...)"},
		{"", "local t = {} rawset(t, 'x', 1) table.insert(t, 2) assert(t.x == 1 and t[1] == 2)", ""},
		{"", "assert(type(getmetatable(_G)) == 'string')", ""},
	}
	for _, tt := range tests {
		sb := NewSandbox(Options{})
		_, err := sb.Run("load.lua", []byte(tt.load))
		if err == nil {
			sb.freezeGlobals()
			_, err = sb.Run("call.lua", []byte(tt.call))
		}
		sb.Close()
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%s / %s: %v", tt.load, tt.call, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("%s / %s: error %v, want %q", tt.load, tt.call, err, tt.want)
		}
	}
}

// TestRequireLinkOut: a require of a link out of the module's folder is
// refused in plain words (no "statat", no os.Root's own words).
func TestRequireLinkOut(t *testing.T) {
	dir, out := t.TempDir(), t.TempDir()
	if err := os.WriteFile(filepath.Join(out, "secret.lua"), []byte("return {}"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(out, "secret.lua"), filepath.Join(dir, "secret.lua")); err != nil {
		t.Skip(err)
	}
	path := filepath.Join(dir, "house.lua")
	if err := os.WriteFile(path, []byte("local R = require('base')\nrequire('secret')\nreturn R\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Compile(path, os.DirFS(".."), "", nil)
	want := "house.lua:2: in phase load: require: module \"secret\": secret.lua leads out of the folder " + dir
	if err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "statat") {
		t.Errorf("error %v, want %q", err, want)
	}
}
