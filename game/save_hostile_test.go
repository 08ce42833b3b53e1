package game

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gpw"
	"gpw/interp"
	"gpw/scenario"
)

// specialGame starts the fullturn scenario from a folder, with special
// rules that define can_move: with slow set, it spins for some 40 ms.
func specialGame(t *testing.T, slow bool, o Options) (*Game, string) {
	t.Helper()
	dir := t.TempDir()
	src, cmds := loadFile(t, "fullturn")
	src = strings.Replace(src, "seed = ", "special = \"special.lua\"\nseed = ", 1)
	spin := ""
	if slow {
		spin = "local n = 0 for i = 1, 4e5 do n = n + i end"
	}
	special := `return function(R)
  function R.can_move(u) ` + spin + ` end
  return R
end
`
	writeFiles(t, dir, map[string]string{"s.toml": src, "special.lua": special})
	sc, err := scenario.LoadFile(filepath.Join(dir, "s.toml"), gpw.Data)
	if err != nil {
		t.Fatal(err)
	}
	g, err := New(sc, o, gpw.Data, nil)
	if err != nil {
		t.Fatal(err)
	}
	script(t, g, cmds)
	return g, dir
}

// saveEdit writes g's save, edited by f (its check recomputed when
// recheck), and returns its path.
func saveEdit(t *testing.T, g *Game, dir string, recheck bool, f func(*Save)) string {
	t.Helper()
	sv := g.Snapshot()
	f(sv)
	if recheck {
		sv.Check = sv.checksum()
	}
	b, err := json.Marshal(sv)
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, "edited.json")
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestSaveCheckedBeforeRunning: a save whose special rules, module list,
// rules hash or rules path were edited (its check recomputed, as anyone
// can) is refused before any of its Lua runs.
func TestSaveCheckedBeforeRunning(t *testing.T) {
	g, dir := specialGame(t, false, Options{Dice: []int{5, 1, 2, 6, 6, 4}})
	boom := `error("the edited special rules ran")`
	tests := []struct {
		name string
		edit func(*Save)
		want string
	}{
		{"special edited", func(sv *Save) { sv.SpecialSource = boom }, "a module changed since (special.lua)"},
		{"special and its sum edited", func(sv *Save) {
			sv.SpecialSource = boom
			for i := range sv.Modules {
				if sv.Modules[i].Path == sv.Special {
					sv.Modules[i].SHA256 = sha(boom)
				}
			}
		}, "the save's list of modules does not give its rules hash"},
		{"another rules module", func(sv *Save) { sv.Rules = filepath.Join(dir, "evil.lua") }, "lacks evil.lua"},
		{"no modules", func(sv *Save) { sv.Modules = nil; sv.Hash = interp.HashOf(nil) }, "lacks base.lua"},
	}
	os.WriteFile(filepath.Join(dir, "evil.lua"), []byte(boom), 0o644)
	for _, tt := range tests {
		p := saveEdit(t, g, dir, true, tt.edit)
		_, err := LoadSave(p, gpw.Data, false, nil)
		if err == nil || !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), "ran") {
			t.Errorf("%s: error %v, want %q", tt.name, err, tt.want)
		}
	}
}

// TestSaveReplayMustMatch: commands or dice edited (the check
// recomputed) are refused, whether the replay breaks or ends in another
// position.
func TestSaveReplayMustMatch(t *testing.T) {
	g, dir := specialGame(t, false, Options{Dice: []int{5, 1, 2, 6, 6, 4}})
	replace := func(from, to string) func(*Save) {
		return func(sv *Save) {
			for i, c := range sv.Commands {
				if c == from {
					sv.Commands[i] = to
				}
			}
		}
	}
	tests := []struct {
		name string
		edit func(*Save)
		want string
	}{
		{"the last move", replace("move s1 B-1204 B-1104", "move s1 B-1204"), "it ends in another position"},
		{"a move", replace("move pz1 B-0805", "move pz1 B-0705"), "no longer replays"},
		{"a die", func(sv *Save) { sv.Dice[1] = 6 }, "no longer replays"},
	}
	for _, tt := range tests {
		p := saveEdit(t, g, dir, true, tt.edit)
		_, err := LoadSave(p, gpw.Data, false, nil)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want %q", tt.name, err, tt.want)
		}
	}
	p := saveEdit(t, g, dir, false, func(*Save) {})
	if _, err := LoadSave(p, gpw.Data, false, nil); err != nil {
		t.Errorf("the save itself: %v", err)
	}
}

// TestSaveReplayBudget: a save whose rules are slow on purpose stops
// with the game's budget of instructions, however many commands it
// holds.
func TestSaveReplayBudget(t *testing.T) {
	b := interp.Budget{Call: 1e7, Command: 1e8, Phase: -1, Game: -1}
	g, dir := specialGame(t, true, Options{Dice: []int{5, 1, 2, 6, 6, 4}, Budget: b})
	if n := g.Rules.Steps(); n < 2_000_000 {
		t.Fatalf("the game ran %d instructions; the test needs more than 2 million", n)
	}
	b.Game = 2_000_000
	p := saveEdit(t, g, dir, false, func(*Save) {})
	_, err := LoadSaveWith(p, gpw.Data, LoadOptions{Budget: b}, nil)
	if err == nil || !strings.Contains(err.Error(), "ran past its budget of 2 million Lua instructions for one game") {
		t.Errorf("error %v, want the replay's budget", err)
	}
}

// TestWriteSaveFailure: a save that cannot be written leaves no
// temporary file and the old save intact.
func TestWriteSaveFailure(t *testing.T) {
	g, dir := specialGame(t, false, Options{})
	path := filepath.Join(dir, "taken")
	if err := os.Mkdir(path, 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(path, "x"), nil, 0o644)
	if err := g.WriteSave(path); err == nil {
		t.Error("saving over a folder succeeded")
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".gpw-save-*")); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

func sha(s string) string { return fmt.Sprintf("%x", sha256.Sum256([]byte(s))) }

// TestSaveCarriesScenarioFiles: a scenario with a map, a catalogue (a
// copy of gdw's, which takes its place), a schedule and a rules module of
// its own folder saves, and the save loads once the folder is gone (but
// for the rules module, which is checked against its hash on disk).
func TestSaveCarriesScenarioFiles(t *testing.T) {
	dir := t.TempDir()
	copyFile := func(from, to string) {
		data, err := os.ReadFile(filepath.Join("..", from))
		if err != nil {
			t.Fatal(err)
		}
		if to == "s.toml" {
			s := string(data)
			for _, r := range [][2]string{{`map = "gpw"`, `map = "mine"`}, {`schedule = ["gdw", "gdw-events"]`, `schedule = ["mine", "gdw-events"]`}, {`rules = "gdw"`, `rules = "house.lua"`}} {
				s = strings.Replace(s, r[0], r[1], 1)
			}
			data = []byte(s)
		}
		p := filepath.Join(dir, to)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	copyFile("scenarios/gdw/kursk.toml", "s.toml")
	copyFile("maps/gpw.toml", "maps/mine.toml")
	for _, f := range []string{"german", "soviet", "allies", "adc2"} {
		copyFile("scenarios/units/gdw/"+f+".toml", "scenarios/units/gdw/"+f+".toml")
	}
	copyFile("scenarios/schedules/gdw.toml", "scenarios/schedules/mine.toml")
	os.WriteFile(filepath.Join(dir, "house.lua"), []byte("local R = require(\"base\")\nR.id = \"house\"\nreturn R\n"), 0o644)
	sc, err := scenario.LoadFile(filepath.Join(dir, "s.toml"), gpw.Data)
	if err != nil {
		t.Fatal(err)
	}
	g, err := New(sc, Options{AutoSetup: true, Auto: true}, gpw.Data, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.PlayTurns(1); err != nil {
		t.Fatal(err)
	}
	sv := g.Snapshot()
	for _, f := range []string{"maps/mine.toml", "scenarios/units/gdw/german.toml", "scenarios/schedules/mine.toml", "house.lua"} {
		if _, ok := sv.Files[f]; !ok {
			t.Errorf("the save lacks %s", f)
		}
	}
	for _, f := range []string{"s.toml", "maps", "scenarios"} {
		os.RemoveAll(filepath.Join(dir, f))
	}
	checkSaveReloads(t, g)
}

// TestStatefulModule: a module that counts in Lua how often a hook was
// asked (which a replay, asking other questions, would count otherwise)
// fails at the count's line: what it holds once loaded is read-only, so
// its answers cannot depend on what was asked before, in this game or
// another.
func TestStatefulModule(t *testing.T) {
	body := `R.store = { game = { calls = { type = "number", label = "calls" } } }
local calls = 0
function R.can_move(u) calls = calls + 1 end
local base = R.on_phase_start
function R.on_phase_start(p) gpw.set("calls", calls % 997) return base(p) end`
	g, err := hostileGame(t, "movement", body, Options{})
	if err != nil {
		t.Fatal(err)
	}
	err = g.Exec("move army-2 B-1305")
	if err == nil || !strings.Contains(err.Error(), "house.lua:5: ") || !strings.Contains(err.Error(), "upvalue 'calls' is read-only") {
		t.Errorf("error %v, want the read-only upvalue's at house.lua:5", err)
	}
}
