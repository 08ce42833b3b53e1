package game

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"gpw"
	"gpw/scenario"
)

// TestSaveAndLoad saves a game in mid-turn and loads it: the position,
// the dice to come and the log from there on are the same.
func TestSaveAndLoad(t *testing.T) {
	sc, cmds := loadFile(t, "fullturn")
	lines := strings.Split(cmds, "\n")
	half := len(lines) / 2
	g, _ := newTestGame(t, sc, Options{Auto: true, Seed: 5, SeedSet: true})
	script(t, g, strings.Join(lines[:half], "\n"))
	path := filepath.Join(t.TempDir(), "game.json")
	if err := g.WriteSave(path); err != nil {
		t.Fatal(err)
	}
	var evs []Event
	h, err := LoadSave(path, gpw.Data, false, func(e Event) { evs = append(evs, e) })
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(snap(g), snap(h)) {
		t.Fatal("the loaded game differs from the saved one")
	}
	// Both go on identically: the dice were not re-rolled.
	var a []Event
	g.sink = func(e Event) { a = append(a, e) }
	rest := strings.Join(lines[half:], "\n")
	script(t, g, rest)
	script(t, h, rest)
	if err := g.PlayTurns(2); err != nil {
		t.Fatal(err)
	}
	if err := h.PlayTurns(2); err != nil {
		t.Fatal(err)
	}
	if ja, jb := jsonLog(t, a), jsonLog(t, evs); ja != jb || len(a) < 10 {
		t.Errorf("after loading, the game went differently:\n%s\n---\n%s", ja, jb)
	}
	// Saving again over the file leaves no temporary file behind.
	if err := h.WriteSave(path); err != nil {
		t.Fatal(err)
	}
	files, _ := os.ReadDir(filepath.Dir(path))
	if len(files) != 1 {
		t.Errorf("%d files in the save directory, want 1", len(files))
	}
}

// TestLoadUnderChangedRules refuses a save whose rule modules changed,
// unless forced.
func TestLoadUnderChangedRules(t *testing.T) {
	dir := t.TempDir()
	house := filepath.Join(dir, "house.lua")
	write := func(src string) {
		if err := os.WriteFile(house, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("local R = require(\"base\")\nR.id = \"house\"\nreturn R\n")
	sc, _ := loadFile(t, "fullturn")
	g, _ := newTestGame(t, sc, Options{Rules: house})
	script(t, g, "place g3 B-0105")
	path := filepath.Join(dir, "s.json")
	if err := g.WriteSave(path); err != nil {
		t.Fatal(err)
	}
	write("local R = require(\"base\")\nR.id = \"house\"\nR.river_extra = 2\nreturn R\n")
	_, err := LoadSave(path, gpw.Data, false, nil)
	if err == nil || !strings.Contains(err.Error(), "house.lua") || !strings.Contains(err.Error(), "--force") {
		t.Fatalf("error %v, want a refusal naming house.lua and --force", err)
	}
	if _, err := LoadSave(path, gpw.Data, true, nil); err != nil {
		t.Fatal(err)
	}
}

// TestLoadBadSave names the file, the line and column, and the problem
// in plain words: the field and what it must hold, no Go types.
func TestLoadBadSave(t *testing.T) {
	tests := []struct{ file, want string }{
		{"notjson.json", "notjson.json:1:3: not a gpw save: broken JSON: invalid character 'n' looking for beginning of object key string"},
		{"cmds_types.json", "cmds_types.json:3:16: not a gpw save: an item of field commands holds a number where a string is expected"},
		{"array.json", "array.json:1:2: not a gpw save: the save is an array where a JSON object is expected"},
		{"seed_huge.json", "seed_huge.json:3:29: not a gpw save: field seed holds the number 9223372036854775808 where an integer is expected (a whole number within ±9223372036854775807)"},
		{"bignum.json", "bignum.json:1:24: not a gpw save: field format_version holds the number 1e400 where an integer is expected"},
		{"dupkey.json", "dupkey.json:1:46: not a gpw save: field format_version holds a string where an integer is expected"},
		{"empty.json", "empty.json: not a gpw save: the file is empty"},
		{"bom.json", "bom.json:1:1: not a gpw save: it starts with a byte-order mark (U+FEFF); a save is plain JSON"},
		{"truncated.json", "truncated.json:4:21: not a gpw save: the JSON ends before it is complete"},
		{"module_path.json", "module_path.json:3:24: not a gpw save: field modules.path holds a number where a string is expected"},
		{"files_bool.json", "files_bool.json:3:27: not a gpw save: an item of field files holds a boolean where a string is expected"},
		{"missing.json", "missing.json: no such save file"},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			path := filepath.Join("testdata", "badsaves", tt.file)
			_, err := LoadSave(path, gpw.Data, false, nil)
			if err == nil || !strings.HasPrefix(err.Error(), filepath.Join("testdata", "badsaves", tt.want)) {
				t.Fatalf("error %v,\nwant %s", err, tt.want)
			}
			for _, bad := range []string{"json: ", "Go value", "Go struct", "game.Save", "int64", "unmarshal", "stat "} {
				if strings.Contains(strings.ReplaceAll(err.Error(), ".json: ", ""), bad) {
					t.Errorf("the error shows Go's words (%q): %v", bad, err)
				}
			}
		})
	}
}

// TestSaveScenarioWithSpecialRules saves a built-in scenario with special
// rules and a setup step, and loads it back.
func TestSaveScenarioWithSpecialRules(t *testing.T) {
	sc, err := scenario.Load(gpw.Data, "scenarios/gdw/barbarossa.toml", gpw.Data)
	if err != nil {
		t.Fatal(err)
	}
	g, err := New(sc, Options{}, gpw.Data, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.PlayTurns(1); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "b.json")
	if err := g.WriteSave(path); err != nil {
		t.Fatal(err)
	}
	h, err := LoadSave(path, gpw.Data, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(snap(g), snap(h)) {
		t.Error("the loaded game differs")
	}
	if g.Rules.Hash() != h.Rules.Hash() || len(h.Sc.SpecialSource) == 0 {
		t.Error("the special rules did not come back with the save")
	}
}

// TestEditedSave: a save edited by hand (a command changed, the dice
// changed within 1-6) is refused before anything in it runs; --force
// replays it with a warning; dice outside 1-6 are refused even then.
func TestEditedSave(t *testing.T) {
	sc, cmds := loadFile(t, "fullturn")
	g, _ := newTestGame(t, sc, Options{Dice: []int{5, 1, 2, 6, 6, 4}})
	script(t, g, cmds)
	dir := t.TempDir()
	path := filepath.Join(dir, "g.json")
	if err := g.WriteSave(path); err != nil {
		t.Fatal(err)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".gpw-save-*")); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
	edit := func(f func(*Save)) string {
		sv, err := ReadSave(path)
		if err != nil {
			t.Fatal(err)
		}
		f(sv)
		b, _ := json.Marshal(sv)
		p := filepath.Join(dir, "edited.json")
		os.WriteFile(p, b, 0o644)
		return p
	}
	dice := edit(func(sv *Save) { sv.Dice[0] = 6 })
	if _, err := LoadSave(dice, gpw.Data, false, nil); err == nil || !strings.Contains(err.Error(), "changed after gpw wrote it") {
		t.Errorf("edited dice: %v", err)
	}
	var warned []Event
	if _, err := LoadSave(dice, gpw.Data, true, func(e Event) { warned = append(warned, e) }); err != nil {
		t.Errorf("forced: %v", err)
	} else if len(find(warned, "warning")) != 1 {
		t.Errorf("forced load events %v, want one warning", warned)
	}
	for _, d := range []int{7, 0, -3} {
		bad := edit(func(sv *Save) { sv.Dice[0] = d })
		if _, err := LoadSave(bad, gpw.Data, true, nil); err == nil || !strings.Contains(err.Error(), "not 1 to 6") {
			t.Errorf("die %d: %v", d, err)
		}
	}
	turn := edit(func(sv *Save) { sv.Turn = "Jun 1941"; sv.Check = sv.checksum() })
	if _, err := LoadSave(turn, gpw.Data, false, nil); err == nil || !strings.Contains(err.Error(), "the replay diverged: it ends in") {
		t.Errorf("wrong turn: %v", err)
	}
}
