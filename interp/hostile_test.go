package interp

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
	"time"
)

// compileHouse compiles a house module made of body after
// require("base"), in a folder of its own.
func compileHouse(t *testing.T, body string) (*Module, error) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "house.lua")
	src := "local R = require(\"base\")\nR.id = \"house\"\n" + body + "\nreturn R\n"
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return Compile(path, os.DirFS(".."), "", nil)
}

// TestCompileRefusesBadData: each broken data field of a module is
// refused at load with its path, never read as zero or panicking later.
func TestCompileRefusesBadData(t *testing.T) {
	tests := []struct{ body, want string }{
		{`R.crt.rows[1] = {"DR"}`, "R.crt.rows[1] has 1 results for 6 columns"},
		{`R.crt.rows[2] = "x"`, "R.crt.rows[2] is a string, not a row of results"},
		{`R.crt.rows[3][2] = 7`, "R.crt.rows[3][2] is a number; it must be a result code"},
		{`R.crt.rows[6] = nil`, "R.crt.rows: 5 rows"},
		{`R.crt.columns = {}`, "R.crt.columns: 0 columns; a table has 1 to 30"},
		{`R.crt.columns = "1:1"`, "R.crt.columns is a string; it must be a table"},
		{`local c = {} for i = 1, 100 do c[i] = "x" end R.crt.columns = c`, "R.crt.columns: 100 columns"},
		{`R.crt.rows[1][1] = "ZZ"`, `result "ZZ" has no function R.results.ZZ`},
		{`R.crt = nil`, "R.crt is missing"},
		{`R.retreat.max_extra = 2^40`, "R.retreat.max_extra: 1.099511627776e+12 is out of range"},
		{`R.retreat.max_extra = 40`, "R.retreat.max_extra: 40 is outside 0..6"},
		{`R.retreat.hexes = -5`, "R.retreat.hexes: -5 is outside 0..6"},
		{`R.retreat.hexes = 0/0`, "R.retreat.hexes: NaN is not a number"},
		{`R.retreat = "far"`, "R.retreat is a string; it must be a table"},
		{`R.retreat.avoid_zoc = "yes"`, "R.retreat.avoid_zoc is a string; it must be true or false"},
		{`R.move_cost.infantry.clear = 0/0`, "R.move_cost.infantry.clear: NaN"},
		{`R.move_cost.infantry.clear = 0`, "R.move_cost.infantry.clear: 0 is outside 1..100"},
		{`R.move_cost.armor = nil`, "R.move_cost.armor is missing"},
		{`R.move_cost = 5`, "R.move_cost is a number; it must be a table"},
		{`R.weather.mud = 5`, "R.weather.mud is a number; it must be a table"},
		{`R.weather.snow.move_extra = 2^40`, "R.weather.snow.move_extra: 1.099511627776e+12 is out of range"},
		{`R.river_extra = -1`, "R.river_extra: -1 is outside 0..99"},
		{`R.strait.per_turn = -2^62`, "R.strait.per_turn:"},
		{`R.rail = {limit = "many"}`, "R.rail.limit is a string; it must be a table"},
		{`R.rail.limit = {axis = 2^62}`, "R.rail.limit.axis:"},
		{`R.stacking = {nonstacking_alone = -1}`, "R.stacking.nonstacking_alone: -1 is outside 0..99"},
		{`R.kinds = 7`, "R.kinds is a number; it must be a table"},
		{`R.kinds.infantry = "walker"`, `R.kinds.infantry: unknown class "walker"`},
		{`R.classes = {}`, "R.classes: at least one movement class is needed"},
		{`R.classes = {1, 2}`, "R.classes[1] is a number; it must be a string"},
		{`R.calendar = {}`, "R.calendar is empty"},
		{`R.calendar = 5`, "R.calendar is a number; it must be a table"},
		{`R.calendar[2] = "Mar"`, "R.calendar[2] is a string; it must be a table"},
		{`local c = {} for i = 1, 1000 do c[i] = {name = "M" .. i} end R.calendar = c`, "R.calendar has 1000 turns"},
		{`R.phases = "x"`, "R.phases is a string; it must be a table"},
		{`R.phases[#R.phases + 1] = R.phases[1]`, `R.phases[11]: the id "axis-reinforcement" is used twice`},
		{`R.phases[1].side = "martian"`, `R.phases[1]: unknown side "martian"`},
		{`R.phases[2].kind = "lunch"`, `kind "lunch" is not reinforcement, rail, move or combat`},
		{`R.phases[3].classes = {"hovercraft"}`, `unknown class "hovercraft"`},
		{`R.store = 1`, "R.store is a number; it must be a table"},
		{`R.share_until_moved = 1`, "R.share_until_moved is a number; it must be true or false"},
		{`R.noncombat = {leader = "yes"}`, "R.noncombat.leader is a string; it must be true or false"},
		{`R.cite.move = 5`, "R.cite.move is a number; it must be a string"},
		{`R.id = 5`, "R.id is a number; it must be a string"},
		{`function R.can_mvoe(u) end`, "R.can_mvoe is not a hook the engine calls (did you mean R.can_move?)"},
		{`function R.on_turn_start() end`, "R.on_turn_start is not a hook the engine calls"},
	}
	for _, tt := range tests {
		_, err := compileHouse(t, tt.body)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want %q", tt.body, err, tt.want)
		}
	}
}

// TestLint: misspelt engine fields are reported, at the top and inside
// the engine's tables; the module's own fields are not.
func TestLint(t *testing.T) {
	m, err := compileHouse(t, `R.retreet = {hexes = 3}
R.crt.columsn = 1
R.retreat.max_extr = 2
R.phases[1].wether = true
R.weather.snow.move_xtra = 1
R.my_own_table = {1, 2}
R.weather.snow.shift = -1`)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"R.retreet is not a field the engine reads (did you mean R.retreat?)",
		"R.crt.columsn is not a field the engine reads (did you mean R.crt.columns?)",
		"R.retreat.max_extr is not a field the engine reads (did you mean R.retreat.max_extra?)",
		"R.phases[1].wether is not a field the engine reads (did you mean R.phases[1].weather?)",
		"R.weather.snow.move_xtra is not a field the engine reads (did you mean R.weather.snow.move_extra?)",
	}
	got := m.Lint()
	for _, w := range want {
		if !strings.Contains(strings.Join(got, "\n"), w) {
			t.Errorf("Lint lacks %q:\n%s", w, strings.Join(got, "\n"))
		}
	}
	if len(got) != len(want) {
		t.Errorf("Lint found %d, want %d:\n%s", len(got), len(want), strings.Join(got, "\n"))
	}
}

// TestWeighRefusesBadOdds: whatever odds returns, Weigh answers a value
// within the table or an error naming the hook.
func TestWeighRefusesBadOdds(t *testing.T) {
	tests := []struct{ ret, want string }{
		{"a, d, i, 99", "odds returned column 99; the table has columns 1..6"},
		{"a, d, i, 0", "odds returned column 0"},
		{"a, d, 99, c", "odds returned odds index 99"},
		{"a, d, -1, c", "odds returned odds index -1"},
		{"a, d, 0/0, c", "odds returned a bad odds index: NaN is not a number gpw can use"},
		{"a, d, i, 1/0", "odds returned a bad column: +Inf is not a number gpw can use"},
		{"a, d, i, 2.5", "odds returned a bad column: 2.5 is not a whole number"},
		{"-5, d, i, c", "odds returned attack -5 and defence 6; neither may be negative"},
		{"a, d, 'x', c", "odds returned a string as its odds index"},
		{"a, d", "odds returned a nil as its odds index"},
	}
	b := Battle{Att: []int{12}, Sup: []bool{true}, River: []bool{false}, Strait: []bool{false}, Def: 6, Terrain: "clear"}
	for _, tt := range tests {
		m, err := compileHouse(t, "local o = R.odds\nfunction R.odds(b) local a, d, i, c = o(b) return "+tt.ret+" end")
		if err != nil {
			t.Fatal(err)
		}
		_, err = m.Bind(&recHost{}).Weigh(&b)
		if err == nil || !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), ":0:") {
			t.Errorf("return %s: error %v, want %q", tt.ret, err, tt.want)
		}
	}
}

// TestMemoryBudget: a call that holds more than the game's memory budget
// is stopped with ErrBudget, at the same instruction in every run, and
// the next call runs in a fresh state.
func TestMemoryBudget(t *testing.T) {
	m, err := compileHouse(t, `function R.on_phase_start(p)
  if p.id == "grow" then local hoard = {} for i = 1, 1e9 do hoard[i] = {i, i} end end
end`)
	if err != nil {
		t.Fatal(err)
	}
	r := m.Bind(&recHost{})
	r.SetBudget(Budget{Call: 1e9, Memory: 32 << 20})
	var at int64
	for run := 0; run < 2; run++ {
		before := r.Steps()
		err = r.OnPhaseStart(&Phase{ID: "grow"})
		if !errors.Is(err, ErrBudget) || !strings.Contains(err.Error(), "took more than its memory budget of 32 MiB in one call") {
			t.Fatalf("error %v, want the memory budget's", err)
		}
		if n := r.Steps() - before; run == 0 {
			at = n
		} else if n != at {
			t.Errorf("stopped after %d instructions, then after %d", at, n)
		}
	}
	if err := r.OnPhaseStart(&Phase{ID: "check"}); err != nil {
		t.Errorf("the next call: %v", err)
	}
}

// TestKeepLimit: a module that keeps more than a quarter of its memory
// budget once loaded is refused (between calls it can keep nothing: what
// it holds once loaded is read-only).
func TestKeepLimit(t *testing.T) {
	saved := DefaultBudget
	DefaultBudget.Memory = 16 << 20
	defer func() { DefaultBudget = saved }()
	_, err := compileHouse(t, `local stash = {}
for i = 1, 50000 do stash[i] = {i} end -- about 7 MiB: past what it may keep, within a call's budget
R.my_stash = stash`)
	if err == nil || !strings.Contains(err.Error(), "keeps more than 4 MiB in Lua between calls") {
		t.Fatalf("error %v, want the limit of what a module keeps", err)
	}
}

// TestRandomBounds: math.random refuses intervals it cannot draw from,
// in words.
func TestRandomBounds(t *testing.T) {
	tests := []struct{ call, want string }{
		{"math.random(-2^31, 2^31)", "holds more than 2147483648 numbers"},
		{"math.random(-2^62, 2^62)", "is out of range"},
		{"math.random(2^62)", "is out of range"},
		{"math.random(0)", "0 is outside 1..2147483648"},
		{"math.random(0/0)", "NaN is not a number gpw can use"},
		{"math.random(5, 1)", "interval is empty"},
		{"math.random(1.5)", "1.5 is not a whole number"},
	}
	for _, tt := range tests {
		sb := NewSandbox(Options{Dice: func(n int) int { return n }})
		_, err := sb.Run("test.lua", []byte("return "+tt.call))
		sb.Close()
		if err == nil || !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), "IntN") {
			t.Errorf("%s: error %v, want %q", tt.call, err, tt.want)
		}
	}
}

// TestPairsOrder: a module iterating the engine's tables with pairs sees
// the same order in every Lua state (never Go's map order).
func TestPairsOrder(t *testing.T) {
	src := `local s = ""
for k in pairs(gpw) do s = s .. k .. "," end
for _, lib in ipairs({_G, string, table, math, getmetatable("")}) do
  for k in pairs(lib) do s = s .. k .. "," end
end
local t = {}
for i = 1, 50 do t["k" .. i] = i end
for k in pairs(t) do s = s .. k .. "," end
return s`
	var first string
	for i := 0; i < 20; i++ {
		rt := &vm{host: NopHost{}}
		sb := NewSandbox(Options{})
		installAPI(sb.L, rt)
		v, err := sb.Run("order.lua", []byte(src))
		sb.Close()
		if err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			first = v.String()
		} else if v.String() != first {
			t.Fatalf("run %d saw another order:\n%s\nvs\n%s", i, v, first)
		}
	}
}

// TestGarbageNotCharged: a call that makes much garbage and keeps little
// runs to its end, even where the process keeps a large heap of its own
// (a game's Go side, other games) so that garbage piles up between
// collections far past the call's budget: memory is what the game's Lua
// state holds, not the process's heap.
func TestGarbageNotCharged(t *testing.T) {
	m, err := compileHouse(t, `function R.on_phase_start(p)
  local n = 0
  for i = 1, 3000000 do local t = {i, i, i, i}; n = n + #t end
  if n ~= 12000000 then error("counted " .. n) end
end`)
	if err != nil {
		t.Fatal(err)
	}
	// 100 MiB live, collected at 4 times that (as gpw sim runs): garbage
	// piles up to hundreds of MiB between collections
	defer debug.SetGCPercent(debug.SetGCPercent(400))
	ballast := make([][]byte, 100)
	for i := range ballast {
		ballast[i] = make([]byte, 1<<20)
	}
	runtime.GC()
	r := m.Bind(&recHost{})
	r.SetBudget(Budget{Call: 1e9, Memory: 32 << 20})
	if err := r.OnPhaseStart(&Phase{ID: "p"}); err != nil {
		t.Errorf("a call that keeps nothing: %v", err)
	}
	runtime.KeepAlive(ballast)
}

// spinner binds, with budget b, a module whose phase start "spin" never
// ends and every other is quick.
func spinner(t *testing.T, b Budget) *Rules {
	t.Helper()
	m, err := compileHouse(t, `function R.on_phase_start(p)
  if p.id == "spin" then while true do end end
end`)
	if err != nil {
		t.Fatal(err)
	}
	r := m.Bind(&recHost{})
	r.SetBudget(b)
	return r
}

// TestBrokenStateHeld: once a call of a command (or a listing of legal
// actions) runs past its budget, the state it held is broken, and every
// later call of the same command fails at once with the same error
// instead of running out its own budget again; the next command gets a
// fresh state.
func TestBrokenStateHeld(t *testing.T) {
	r := spinner(t, Budget{Call: 100_000})
	release := r.Hold()
	first := r.OnPhaseStart(&Phase{ID: "spin"})
	if !errors.Is(first, ErrBudget) {
		t.Fatalf("error %v, want the time budget's", first)
	}
	if err := r.OnPhaseStart(&Phase{ID: "ok"}); err == nil || err.Error() != first.Error() {
		t.Errorf("a later call in the same hold: %v, want %v", err, first)
	}
	release()
	if err := r.OnPhaseStart(&Phase{ID: "ok"}); err != nil {
		t.Errorf("the next command: %v", err)
	}
}

// TestPhaseBudget: the commands of one phase share a budget of instructions,
// so that a module slow in every call (each under its own budget) stops
// within the phase's; the next phase starts a fresh count.
func TestPhaseBudget(t *testing.T) {
	r := spinner(t, Budget{Call: 100_000, Phase: 250_000})
	r.Begin("slow")
	r.BeginCommand()
	for i := 0; i < 3; i++ { // 100,000 + 100,000 + the 50,000 left
		if err := r.OnPhaseStart(&Phase{ID: "spin"}); !errors.Is(err, ErrBudget) {
			t.Fatalf("call %d: %v, want a budget's error", i, err)
		}
	}
	err := r.OnPhaseStart(&Phase{ID: "quick"})
	if !errors.Is(err, ErrBudget) || !strings.Contains(err.Error(), "budget of 250000 Lua instructions for one phase") {
		t.Errorf("a quick call once the phase's budget is spent: %v", err)
	}
	r.Begin("next")
	if err := r.OnPhaseStart(&Phase{ID: "quick"}); err != nil {
		t.Errorf("the next phase: %v", err)
	}
	r.EndCommand()
}

// TestEndlessTailCall: an endless tail call stopped by its budget ends
// with its file and line and without a traceback line per tail call
// (gopher-lua's traceback made gigabytes of them), inside pcall too.
func TestEndlessTailCall(t *testing.T) {
	for _, body := range []string{
		`function R.on_phase_start(p) return f(1) end`,
		`function R.on_phase_start(p) pcall(f, 1) end`,
	} {
		m, err := compileHouse(t, "local function f(n) return f(n) end\n"+body)
		if err != nil {
			t.Fatal(err)
		}
		r := m.Bind(&recHost{})
		r.SetBudget(Budget{Call: 1_000_000})
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		err = r.OnPhaseStart(&Phase{ID: "p"})
		runtime.ReadMemStats(&after)
		var e *Error
		if !errors.Is(err, ErrBudget) || !errors.As(err, &e) || e.Module != "house.lua" || e.Line < 3 {
			t.Errorf("%s: error %v, want the budget's with house.lua's line", body, err)
		}
		if n := after.TotalAlloc - before.TotalAlloc; n > 64<<20 {
			t.Errorf("%s: %d MiB allocated", body, n>>20)
		}
	}
}

// TestGameBudget: a game's commands share a budget of instructions,
// whatever the phases they fall in: a module slow in every call stops
// within it, and at the same instruction in every run.
func TestGameBudget(t *testing.T) {
	r := spinner(t, Budget{Call: 100_000, Game: 250_000})
	r.BeginCommand()
	defer r.EndCommand()
	for i := 0; i < 3; i++ { // 100,000 + 100,000 + the 50,000 left
		r.Begin(fmt.Sprint("phase-", i))
		if err := r.OnPhaseStart(&Phase{ID: "spin"}); !errors.Is(err, ErrBudget) {
			t.Fatalf("call %d: %v, want a budget's error", i, err)
		}
	}
	if n := r.Steps(); n != 250_000 {
		t.Errorf("the game ran %d instructions, want 250000", n)
	}
	r.Begin("next")
	err := r.OnPhaseStart(&Phase{ID: "quick"})
	if !errors.Is(err, ErrBudget) || !strings.Contains(err.Error(), "budget of 250000 Lua instructions for one game") {
		t.Errorf("a quick call once the game's budget is spent: %v", err)
	}
}

// TestWallValve: the wall-clock safety valve stops a call as the
// machine's fault (ErrOverloaded), not the module's.
func TestWallValve(t *testing.T) {
	r := spinner(t, Budget{Call: -1, Wall: 20 * time.Millisecond})
	err := r.OnPhaseStart(&Phase{ID: "spin"})
	if !errors.Is(err, ErrOverloaded) || errors.Is(err, ErrBudget) || !strings.Contains(err.Error(), "the machine is overloaded") {
		t.Errorf("error %v, want ErrOverloaded", err)
	}
	if err := r.OnPhaseStart(&Phase{ID: "quick"}); err != nil {
		t.Errorf("the next call: %v", err)
	}
}
