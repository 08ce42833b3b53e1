package game

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"gpw"
	"gpw/interp"
	"gpw/scenario"
)

// The fuzz targets of the game: scenarios started, saves loaded and house
// modules made of hostile fragments. Their seed corpora (testdata/fuzz/)
// hold every reproduction of a bug found so far. A brief run of each:
//
//	go test ./game -run '^$' -fuzz '^FuzzScenarioStart$' -fuzztime 20s -fuzzminimizetime 1s
//	go test ./game -run '^$' -fuzz '^FuzzLoadSave$' -fuzztime 20s -fuzzminimizetime 1s
//	go test ./game -run '^$' -fuzz '^FuzzHostileModule$' -fuzztime 20s -fuzzminimizetime 1s

// leaks are words of Go internals no message may show.
var leaks = []string{"makeslice", "runtime error", "invalid argument", "goroutine", "panic", "interface {}", "reflect", "IntN", "stack traceback", ".go:", ":0:"}

// address is a pointer's text, as Go or Lua print a table or a function.
var address = regexp.MustCompile(`0x[0-9a-f]{8,}`)

// checkClean fails when err's text shows Go internals.
func checkClean(t *testing.T, err error) {
	t.Helper()
	if err == nil {
		return
	}
	for _, l := range leaks {
		if strings.Contains(err.Error(), l) {
			t.Fatalf("the message shows Go internals (%q): %v", l, err)
		}
	}
	if a := address.FindString(err.Error()); a != "" {
		t.Fatalf("the message shows an address (%s): %v", a, err)
	}
}

// fuzzBudget keeps a hostile module's loops and hoards short.
var fuzzBudget = interp.Budget{Call: 500_000, Command: 1_500_000, Memory: 64 << 20}

// FuzzScenarioStart reads arbitrary scenario files and starts a game on
// each that loads: the start runs the rules against the scenario (kinds,
// turns, phases, setup, the first phase), then a few phases are ended.
func FuzzScenarioStart(f *testing.F) {
	for _, file := range []string{"rulebook/movement", "rulebook/combat-zoc-retreat", "rulebook/snow", "gdw/kursk"} {
		data, err := os.ReadFile("../scenarios/" + file + ".toml")
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		sc, err := scenario.Parse("f.toml", data, gpw.Data)
		if err != nil {
			checkClean(t, err)
			return
		}
		g, err := New(sc, Options{AutoSetup: true, Auto: true, Budget: fuzzBudget}, gpw.Data, nil)
		if err != nil {
			checkClean(t, err)
			return
		}
		for range 3 {
			checkClean(t, g.Exec("end"))
		}
	})
}

// FuzzLoadSave loads arbitrary save files, forced or not: each loads or
// ends in an error in words.
func FuzzLoadSave(f *testing.F) {
	sc, cmds := loadFile(f, "fullturn")
	g, _ := newTestGame(f, sc, Options{Dice: []int{5, 1, 2, 6, 6, 4}})
	script(f, g, cmds)
	path := filepath.Join(f.TempDir(), "seed.json")
	if err := g.WriteSave(path); err != nil {
		f.Fatal(err)
	}
	seed, err := os.ReadFile(path)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(seed, false)
	f.Add(seed, true)
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte, force bool) {
		p := filepath.Join(dir, "save.json")
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		g, err := LoadSaveWith(p, gpw.Data, LoadOptions{Force: force, Budget: fuzzBudget}, nil)
		checkClean(t, err)
		if err == nil {
			checkClean(t, g.Exec("end"))
		}
	})
}

// hostileHooks are the hooks a generated house module may define, each
// with the call of the base module's own (or a neutral answer) that a
// fragment may return to.
var hostileHooks = []struct{ name, pass string }{
	{"odds", "return base_odds(b)"},
	{"results.DR", "return base_DR(b)"},
	{"results.EX", "return base_EX(b)"},
	{"on_phase_start", "return base_start(b)"},
	{"on_phase_end", "return nil"},
	{"can_move", "return nil"},
	{"can_move_path", "return nil"},
	{"after_move", "return nil"},
	{"allowance", "return b2"},
	{"can_attack", "return nil"},
	{"can_lose", "return nil"},
	{"on_eliminated", "return nil"},
	{"battle_terrain", "return b2, b3"},
	{"supply_sources", "return {}"},
	{"phase_order", "return nil"},
	{"commands.zap", "return true"},
}

// hostileFragments are what a generated hook does first: misbehave or
// not. Each runs with the hook's arguments b, b2, b3.
var hostileFragments = []string{
	"",                         // 0: behaves
	"error('fragment failed')", // 1
	"while true do end",        // 2: an endless loop
	"return 0/0",               // 3
	"return 2^40",              // 4
	"return -1",                // 5
	"return {}",                // 6
	"return 'x', {}, 7",        // 7
	"gpw.retreat(-100)",        // 8
	"gpw.defender_eliminate()", // 9: a step outside a battle
	"local s = 'x' while true do s = s .. s end",                        // 10: string doubling
	"local t = {} for i = 1, 1e9 do t[i] = {i} end",                     // 11: a hoard
	"return string.format('%v %[1]s', 1)",                               // 12: Go verbs
	"return math.random(-2^31, 2^31)",                                   // 13
	"gpw.set_weather('blizzard')",                                       // 14
	"for i = 1, 1e6 do gpw.shift('x', 1) end",                           // 15
	"gpw.emit('x', 'y', {'odd'})",                                       // 16
	"gpw.can_retreat(30)",                                               // 17
	"gpw.end_game('martian')",                                           // 18
	"HOARD = HOARD or {} for i = 1, 2e4 do HOARD[#HOARD + 1] = {i} end", // 19: kept between calls
	"return 1e6",                             // 20
	"return 99",                              // 21
	"return {'Z-9999'}",                      // 22
	"return {'nope'}",                        // 23
	"gpw.remove(gpw.units()[1])",             // 24
	"gpw.relocate(gpw.units()[1], 'B-0101')", // 25
	"gpw.set_points('axis', 2^40)",           // 26
	"setmetatable(_G, nil) string.rep = nil", // 27
	"error(setmetatable({}, {__tostring = function() return 'x' end}))", // 28
	"return gpw.retreat_zoc(6)",                                         // 29
	"return 12, 6, 2, 99",                                               // 30: a column off the table
	"return 12, 6, 99, 2",                                               // 31: an odds index off the table
	"return 12, 6, 0/0, 1",                                              // 32
	"gpw.can_retreat(-100)",                                             // 33
}

// hostileModule makes a house module from data: each pair of bytes picks
// a hook and a fragment for it.
func hostileModule(data []byte) string {
	var b strings.Builder
	b.WriteString(`local R = require("base")
R.id = "house"
local base_odds, base_DR, base_EX, base_start = R.odds, R.results.DR, R.results.EX, R.on_phase_start
R.commands = R.commands or {}
`)
	seen := map[int]bool{}
	for i := 0; i+1 < len(data) && i < 32; i += 2 {
		h := int(data[i]) % len(hostileHooks)
		if seen[h] {
			continue
		}
		seen[h] = true
		hk := hostileHooks[h]
		b.WriteString("R." + hk.name + " = function(b, b2, b3)\n  do " + hostileFragments[int(data[i+1])%len(hostileFragments)] + " end\n  " + hk.pass + "\nend\n")
	}
	b.WriteString("return R\n")
	return b.String()
}

// FuzzHostileModule plays a combat and a few phases under house modules
// made of hostile fragments (hostileModule). Whatever the module does,
// each command succeeds or fails with an error in words, a failed command
// leaves the game as it was, and the game saves and loads.
func FuzzHostileModule(f *testing.F) {
	f.Add([]byte{0, 0})
	dir := f.TempDir()
	src, err := os.ReadFile("../scenarios/rulebook/combat-zoc-retreat.toml")
	if err != nil {
		f.Fatal(err)
	}
	toml := strings.Replace(string(src), `rules = "gdw"`, `rules = "house.lua"`, 1)
	toml = strings.Replace(toml, `end = "Jul 1941"`, `end = "Aug 1941"`, 1)
	if err := os.WriteFile(filepath.Join(dir, "s.toml"), []byte(toml), 0o644); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := os.WriteFile(filepath.Join(dir, "house.lua"), []byte(hostileModule(data)), 0o644); err != nil {
			t.Fatal(err)
		}
		sc, err := scenario.LoadFile(filepath.Join(dir, "s.toml"), gpw.Data)
		if err != nil {
			t.Fatal(err)
		}
		// An odd length plays every decision by its default.
		g, err := New(sc, Options{Dice: []int{3, 2, 4, 6}, Auto: len(data)%2 == 1, Budget: fuzzBudget}, gpw.Data, nil)
		if err != nil {
			checkClean(t, err)
			return
		}
		for _, cmd := range []string{"zap", attack, "loss sov-a", "retreat B-1604 B-1605", "retreat B-1504 B-1505", "advance sov-d", "end", "move sov-b B-1702", "end", "end", "zap"} {
			before, store := snap(g), g.store.Clone()
			err := g.Exec(cmd)
			checkClean(t, err)
			var rf *Refusal
			if err != nil && !errors.As(err, &rf) && (!reflect.DeepEqual(before, snap(g)) || !reflect.DeepEqual(store, g.store)) {
				t.Fatalf("%q failed (%v) and changed the game", cmd, err)
			}
		}
		g.Actions()
		path := filepath.Join(t.TempDir(), "save.json")
		if err := g.WriteSave(path); err != nil {
			t.Fatal(err)
		}
		l, err := LoadSaveWith(path, gpw.Data, LoadOptions{Budget: fuzzBudget}, nil)
		checkClean(t, err)
		if err == nil && !reflect.DeepEqual(snap(g), snap(l)) {
			t.Fatal("the save reloads to another position")
		}
	})
}
