package game

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"gpw"
	"gpw/interp"
	"gpw/scenario"
)

// hostileGame starts a rulebook scenario (combat-zoc-retreat or
// movement) under a house module of body, from a folder of its own.
func hostileGame(t *testing.T, scen, body string, o Options) (*Game, error) {
	t.Helper()
	dir := t.TempDir()
	src, err := os.ReadFile(filepath.Join("..", "scenarios", "rulebook", scen+".toml"))
	if err != nil {
		t.Fatal(err)
	}
	toml := strings.Replace(string(src), `rules = "gdw"`, `rules = "house.lua"`, 1)
	lua := "local R = require(\"base\")\nR.id = \"house\"\n" + body + "\nreturn R\n"
	writeFiles(t, dir, map[string]string{"s.toml": toml, "house.lua": lua})
	sc, err := scenario.LoadFile(filepath.Join(dir, "s.toml"), gpw.Data)
	if err != nil {
		t.Fatal(err)
	}
	o.KeepLog = true
	return New(sc, o, gpw.Data, nil)
}

const attack = "attack B-1603 from B-1503 B-1602 B-1703 B-1704"

// bigEvents defines big(), which emits an event of a list of 4,096
// numbers: about 64 KiB.
const bigEvents = "local list = {} for i = 1, 4096 do list[i] = i end\nlocal function big() gpw.emit('big', 'x', {'list', list}) end\n"

// placeBack is an on_eliminated hook that puts the unit back where it
// stood: a battle's losses would never end.
const placeBack = "function R.on_eliminated(u, hex) gpw.place(u.id, hex) end\n"

// TestHostileModuleCommands: a module that misbehaves while a command
// runs makes that command fail with the module's error, in words; the
// game is left exactly as it was, goes on, and saves and loads.
func TestHostileModuleCommands(t *testing.T) {
	odds := "local o = R.odds\nfunction R.odds(b) local a, d, i, c = o(b) return "
	tests := []struct {
		name, scen, body string
		dice             []int
		auto             bool
		budget           interp.Budget
		cmd, want        string
	}{
		{"odds column", "combat-zoc-retreat", odds + "a, d, i, 99 end", nil, false, interp.Budget{}, attack, "odds returned column 99; the table has columns 1..6"},
		{"odds index", "combat-zoc-retreat", odds + "a, d, 99, c end", nil, false, interp.Budget{}, attack, "odds returned odds index 99"},
		{"odds NaN", "combat-zoc-retreat", odds + "a, d, 0/0, c end", nil, false, interp.Budget{}, attack, "odds returned a bad odds index: NaN"},
		{"retreat -100", "combat-zoc-retreat", `R.results.DR = function(b) gpw.retreat(-100) end`, []int{2}, false, interp.Budget{}, attack, "bad argument #1 to retreat (-100 is outside 0..6)"},
		{"can_retreat -100", "combat-zoc-retreat", `R.results.DR = function(b) gpw.can_retreat(-100) end`, []int{2}, false, interp.Budget{}, attack, "bad argument #1 to can_retreat (-100 is outside 0..6)"},
		{"a step outside a battle", "combat-zoc-retreat", `R.commands = {zap = function() gpw.defender_eliminate() return true end}`, []int{2}, true, interp.Budget{}, "zap", "gpw.defender_eliminate: a combat step may only be queued by a battle's results"},
		{"steps after a move", "movement", `function R.after_move(u) gpw.retreat(2) end`, nil, true, interp.Budget{}, "move army-2 B-1305", "gpw.retreat: a combat step may only be queued"},
		{"steps in a loop", "combat-zoc-retreat", `R.results.DR = function(b) for i = 1, 1e7 do gpw.defender_loss(1) end end`, []int{2}, false, interp.Budget{}, attack, "a battle's results queue at most 64 steps"},
		{"shifts in a loop", "combat-zoc-retreat", "local o = R.odds\nfunction R.odds(b) for k = 1, 1e7 do gpw.shift('x', 1) end return o(b) end", nil, false, interp.Budget{}, attack, "a battle has at most 64 shifts"},
		{"events in a loop", "combat-zoc-retreat", `R.commands = {spam = function() for i = 1, 1e5 do gpw.emit("spam", "x") end return true end}`, nil, false, interp.Budget{}, "spam", "a command prints at most 10000 events"},
		{"eliminated put back", "combat-zoc-retreat", placeBack + `R.results.DR = function(b) gpw.defender_eliminate() end`, []int{2}, false, interp.Budget{}, attack, "ger-1 was eliminated again"},
		{"attackers put back", "combat-zoc-retreat", placeBack + `R.results.DR = function(b) gpw.attackers_eliminate() end`, []int{2}, false, interp.Budget{}, attack, "was eliminated again"},
		{"events too big", "combat-zoc-retreat", bigEvents + `R.commands = {spam = function() for i = 1, 300 do big() end return true end}`, nil, false, interp.Budget{}, "spam", "the events of one command hold at most 16 MiB"},
		{"weather unknown", "combat-zoc-retreat", `R.commands = {w = function() gpw.set_weather("blizzard") return true end}`, nil, false, interp.Budget{}, "w", `bad argument #1 to set_weather ("blizzard" is not a weather of the rules (clear, mud, snow))`},
		{"winner unknown", "combat-zoc-retreat", `R.commands = {w = function() gpw.end_game("martian") return true end}`, nil, false, interp.Budget{}, "w", `bad argument #1 to end_game (unknown side "martian"`},
		{"event key odd", "combat-zoc-retreat", `R.commands = {w = function() gpw.emit("x", "y", {"k", 1, "odd"}) return true end}`, nil, false, interp.Budget{}, "w", "bad argument #3 to emit (3 items: fields come in key, value pairs)"},
		{"event value a table", "combat-zoc-retreat", `R.commands = {w = function() gpw.emit("x", "y", {"k", {1, {2}}}) return true end}`, nil, false, interp.Budget{}, "w", "bad argument #3 to emit (field k: a list inside a list)"},
		{"allowance fails", "movement", `function R.allowance(u, mp) error("broken allowance") end`, nil, false, interp.Budget{}, "move army-2 B-1305", "house.lua:3: in phase soviet-general: broken allowance"},
		{"allowance too large", "movement", `function R.allowance(u, mp) return 1e6 end`, nil, false, interp.Budget{}, "move army-2 B-1305", "allowance returned 1000000 MP for army-2; an allowance is 0 to 999"},
		{"allowance NaN", "movement", `function R.allowance(u, mp) return 0/0 end`, nil, false, interp.Budget{}, "move army-2 B-1305", "allowance returned a bad number: NaN"},
		{"can_lose fails", "combat-zoc-retreat", `function R.can_lose(u, kind) error("broken can_lose") end`, []int{3}, true, interp.Budget{}, attack, "broken can_lose"},
		{"string doubling", "combat-zoc-retreat", `R.results.DR = function(b) local s = "x" while true do s = s .. s end end`, []int{2}, false, interp.Budget{}, attack, "string too long"},
		{"format verbs", "combat-zoc-retreat", `R.results.DR = function(b) gpw.emit("x", string.format("%#v", b)) end`, []int{2}, false, interp.Budget{}, attack, "invalid option '%v'"},
		{"random interval", "combat-zoc-retreat", `R.results.DR = function(b) math.random(-2^31, 2^31) end`, []int{2}, false, interp.Budget{}, attack, "holds more than 2147483648 numbers"},
		{"memory", "combat-zoc-retreat", `R.results.DR = function(b) local t = {} for i = 1, 1e9 do t[i] = {i} end end`, []int{2}, false,
			interp.Budget{Call: 1e9, Command: 1e9, Memory: 32 << 20}, attack, "took more than its memory budget of 32 MiB in one call"},
		{"endless loop", "combat-zoc-retreat", `R.results.DR = function(b) while true do end end`, []int{2}, false,
			interp.Budget{Call: 1_000_000, Command: 2_000_000}, attack, "ran past its budget of 1 million Lua instructions for one call"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := hostileGame(t, tt.scen, tt.body, Options{Dice: tt.dice, Auto: tt.auto, Budget: tt.budget})
			if err != nil {
				t.Fatal(err)
			}
			before, store, logged, spent := snap(g), g.store.Clone(), len(g.Log()), g.Spent()
			err = g.Exec(tt.cmd)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("%s: error %v, want %q", tt.cmd, err, tt.want)
			}
			if msg := err.Error(); strings.Contains(msg, "goroutine") || strings.Contains(msg, ".go:") || strings.Contains(msg, ":0:") {
				t.Errorf("the error shows Go internals: %s", msg)
			}
			// the position is as it was; the dice it drew are spent, and
			// the log says so
			spent = g.Spent() - spent
			if !reflect.DeepEqual(before, snap(g)) || !reflect.DeepEqual(store, g.store) || len(g.Log()) != logged+spent || spent > 1 {
				t.Errorf("the failed command changed the game (%d dice spent)", spent)
			}
			if spent == 1 && g.Log()[logged].Kind != "spent" {
				t.Errorf("the log's last event is %s, want spent", g.Log()[logged].Kind)
			}
			if _, err := g.Exec(tt.cmd), g.PlayTurns(1); err != nil && !strings.Contains(err.Error(), tt.want) {
				t.Errorf("playing on: %v", err)
			}
			checkSaveReloads(t, g)
		})
	}
}

// TestModuleEventsPerGame: a module's events are bounded over the game:
// commands each under the limit of one command fail once the game's
// events reach theirs, and the game goes on as it was.
func TestModuleEventsPerGame(t *testing.T) {
	g, err := hostileGame(t, "combat-zoc-retreat", bigEvents+`R.commands = {spam = function() for i = 1, 150 do big() end return true end}`, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for i := 1; i <= 10; i++ {
		logged := len(g.Log())
		err := g.Exec("spam")
		if err == nil {
			continue
		}
		if !strings.Contains(err.Error(), "the events of one game hold at most 64 MiB") || i < 5 {
			t.Fatalf("spam %d: %v", i, err)
		}
		if len(g.Log()) != logged {
			t.Error("the failed command printed events")
		}
		if err := g.Exec(attack); err != nil {
			t.Errorf("playing on: %v", err)
		}
		return
	}
	t.Fatal("10 commands of 9 MiB of events each were all accepted")
}

// TestHostileModuleQueries: a module failure met by a query is reported
// by it, not read as "no".
func TestHostileModuleQueries(t *testing.T) {
	g, err := hostileGame(t, "movement", `function R.allowance(u, mp) error("broken allowance") end`, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if a := g.Actions(); !strings.Contains(a.Error, "broken allowance") || len(a.Moves) != 0 {
		t.Errorf("Actions: error %q, %d moves", a.Error, len(a.Moves))
	}
	if _, err := g.ReachOf("army-2"); err == nil || !strings.Contains(err.Error(), "broken allowance") {
		t.Errorf("ReachOf: %v", err)
	}
	if _, err := g.UnitList("soviet", ""); err == nil || !strings.Contains(err.Error(), "broken allowance") {
		t.Errorf("UnitList: %v", err)
	}
	// A query's failure does not fail the next command by itself.
	if err := g.Exec("end"); err != nil {
		t.Errorf("end: %v", err)
	}
}

// TestRandomPlayerReportsModuleFailures: the random player returns a
// failure of the rules module met while listing its actions; it does not
// play around it as if the actions were illegal.
func TestRandomPlayerReportsModuleFailures(t *testing.T) {
	g, err := hostileGame(t, "movement", `function R.allowance(u, mp) error("broken allowance") end`, Options{})
	if err != nil {
		t.Fatal(err)
	}
	err = NewRandomPlayer(g.Actor(), 1).Play(g)
	if err == nil || !strings.Contains(err.Error(), "broken allowance") {
		t.Errorf("Play: %v, want the module's failure", err)
	}
}

// TestEmitKeepsTypes: the fields of a module's event keep their Lua
// types in the event (numbers, booleans, strings, lists), in order.
func TestEmitKeepsTypes(t *testing.T) {
	g, err := hostileGame(t, "combat-zoc-retreat", `R.commands = {w = function()
  gpw.emit("mine", "typed", {"n", 3, "b", true, "s", "x", "l", {1, "two"}})
  return true
end}`, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Exec("w"); err != nil {
		t.Fatal(err)
	}
	evs := find(g.Log(), "mine")
	if len(evs) != 1 {
		t.Fatalf("%d events", len(evs))
	}
	if got, want := jsonLog(t, evs), `{"event":"mine","n":3,"b":true,"s":"x","l":[1,"two"]}`+"\n"; got != want {
		t.Errorf("event %s, want %s", got, want)
	}
}
