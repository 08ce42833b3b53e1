package interp

import (
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
