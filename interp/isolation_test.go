package interp

import (
	"errors"
	"strings"
	"testing"
)

// TestIsolation: a module's Lua states serve every game of the process,
// so a game must not be able to leave anything in them for the next.
// Each channel a module could keep a game's state in is read-only once
// the module is loaded: the write fails at its line, naming what it
// tried to change, and the next game on the same Lua state answers as
// it would in a fresh process.
func TestIsolation(t *testing.T) {
	tests := []struct {
		name string
		body string // on_phase_start tries to keep something; allowance reads it
		line int    // the line of the write in house.lua
		want string // in the error; "" for none
	}{
		{"upvalue", `local n = 0
function R.on_phase_start(p) n = n + 1 end
function R.allowance(u, mp) return n end`, 4, "upvalue 'n' is read-only"},
		{"string library", `function R.on_phase_start(p) string.count = (string.count or 0) + 1 end
function R.allowance(u, mp) return string.count or 0 end`, 3, "field 'count' of a read-only table"},
		{"gpw table", `function R.on_phase_start(p) gpw.count = 1 end
function R.allowance(u, mp) return rawget(gpw, "count") or 0 end`, 3, "field 'count' of a read-only table"},
		{"string metatable", `function R.on_phase_start(p) getmetatable("").__index = {len = function() return 7 end} end
function R.allowance(u, mp) return ("x"):len() end`, 3, "field '__index' of a read-only table"},
		{"string method", `function R.on_phase_start(p) getmetatable("").len = function() return 7 end end
function R.allowance(u, mp) return ("x"):len() end`, 3, "field 'len' of a read-only table"},
		{"rules table", `function R.on_phase_start(p) R.count = (R.count or 0) + 1 end
function R.allowance(u, mp) return R.count or 0 end`, 3, "field 'count' of a read-only table"},
		{"table built at load", `local seen = {}
function R.on_phase_start(p) seen[#seen + 1] = p.id end
function R.allowance(u, mp) return #seen end`, 4, "index 1 of a read-only table"},
		{"nested table built at load", `local cache = {units = {}}
function R.on_phase_start(p) cache.units.x = 1 end
function R.allowance(u, mp) return cache.units.x or 0 end`, 4, "field 'x' of a read-only table"},
		{"rawset", `local seen = {}
function R.on_phase_start(p) rawset(seen, 1, true) end
function R.allowance(u, mp) return #seen end`, 4, "index 1 of a read-only table"},
		{"table.insert", `local seen = {}
function R.on_phase_start(p) table.insert(seen, p.id) end
function R.allowance(u, mp) return #seen end`, 4, "the contents of a read-only table"},
		{"setmetatable", `local t = {}
function R.on_phase_start(p) setmetatable(t, {__index = function() return 3 end}) end
function R.allowance(u, mp) return t.x or 0 end`, 4, "field 'metatable' of a read-only table"},
		{"global", `function R.on_phase_start(p) COUNT = 1 end
function R.allowance(u, mp) return rawget(_G, "COUNT") or 0 end`, 3, "global COUNT: a rules module may not set globals"},
		{"turn table", `function R.on_phase_start(p) gpw.turn().year = 1900 end
function R.allowance(u, mp) return gpw.turn().year end`, 3, "field 'year' of a table the engine hands to hooks"},
		{"caught by pcall", `local n = 0
function R.on_phase_start(p) pcall(function() n = n + 1 end) end
function R.allowance(u, mp) return n end`, 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel() // each case compiles a module of its own
			alone := allowanceAlone(t, tt.body)
			m, err := compileHouse(t, tt.body)
			if err != nil {
				t.Fatal(err)
			}
			a := m.Bind(&recHost{})
			err = a.OnPhaseStart(&Phase{ID: "axis-move"})
			var e *Error
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("first game: %v", err)
			case tt.want != "" && (!errors.As(err, &e) || e.Module != "house.lua" || e.Line != tt.line || !strings.Contains(e.Msg, tt.want)):
				t.Errorf("first game: error %v, want house.lua:%d: ... %s", err, tt.line, tt.want)
			}
			b := m.Bind(&recHost{}) // the next game, on the same Lua state
			got, err := b.Int("allowance", -1, Str("u"), Num(4))
			if err != nil || got != alone {
				t.Errorf("the next game: allowance %d, %v; alone %d", got, err, alone)
			}
		})
	}
}

// allowanceAlone is the allowance a module answers in a game played
// alone (a module compiled afresh, no game before).
func allowanceAlone(t *testing.T, body string) int {
	t.Helper()
	m, err := compileHouse(t, body)
	if err != nil {
		t.Fatal(err)
	}
	n, err := m.Bind(&recHost{}).Int("allowance", -1, Str("u"), Num(4))
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestBattleTableReadOnly: the battle table handed to odds and results
// is the engine's and read-only.
func TestBattleTableReadOnly(t *testing.T) {
	m, err := compileHouse(t, `local o = R.odds
function R.odds(b) b.def = 99 return o(b) end`)
	if err != nil {
		t.Fatal(err)
	}
	_, err = m.Bind(&recHost{}).Weigh(&Battle{Att: []int{4}, Sup: []bool{true}, River: []bool{false}, Strait: []bool{false}, Def: 2, Terrain: "clear"})
	if err == nil || !strings.Contains(err.Error(), "house.lua:4: ") || !strings.Contains(err.Error(), "field 'def' of a table the engine hands to hooks") {
		t.Errorf("error %v, want the read-only battle table's", err)
	}
}
