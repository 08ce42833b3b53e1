package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fogFiles writes the movement example under a module with fog: the
// German unit far in the west sees none of the Soviet units.
func fogFiles(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	copyCase(t, dir, "gdw-rivers", "")
	os.WriteFile(filepath.Join(dir, "fogged.lua"), []byte("local R = require(\"base\")\nR.id = \"fogged\"\nR.fog = { range = 2, rule = \"House: Fog\" }\nreturn R\n"), 0o644)
	return dir
}

// TestPlayView: play --view answers queries and prints events as that
// side sees them; without --view the whole game.
func TestPlayView(t *testing.T) {
	dir := fogFiles(t)
	for _, c := range []struct {
		view       string
		want, lack []string
	}{
		{"axis", []string{"?B-1103    soviet a unit out of sight, in B-1103", "move: a unit of the soviet side, out of sight (House: Fog)", "refused: that unit is out of sight (House: Fog)"},
			[]string{"army-1", "tank-1"}},
		{"", []string{"army-1     soviet sov infantry", "army-2 moves B-1304 → B-1305"}, []string{"out of sight"}},
	} {
		t.Run("view="+c.view, func(t *testing.T) {
			var out strings.Builder
			o := &runOptions{IO: &ioStreams{In: strings.NewReader("units soviet\nmove army-2 B-1305\nreach B-1305\nshow B-1305\n"), Out: &out, Err: &out}, View: c.view}
			o.Scenario, o.Rules = filepath.Join(dir, "gdw-rivers.toml"), filepath.Join(dir, "fogged.lua")
			if err := playRun(o); err != nil {
				t.Fatal(err)
			}
			for _, w := range c.want {
				if !strings.Contains(out.String(), w) {
					t.Errorf("output lacks %q:\n%s", w, out.String())
				}
			}
			for _, w := range c.lack {
				if strings.Contains(out.String(), w) {
					t.Errorf("output shows %q:\n%s", w, out.String())
				}
			}
		})
	}
}

// TestRunView: run --view SIDE --json prints masked events; the whole
// game by default.
func TestRunView(t *testing.T) {
	dir := fogFiles(t)
	for view, want := range map[string]string{
		"axis":   `{"event":"move","side":"soviet","hidden":true}`,
		"soviet": `"unit":"army-2"`,
		"":       `"unit":"army-2"`,
	} {
		var out strings.Builder
		o := &runOptions{IO: &ioStreams{In: strings.NewReader("move army-2 B-1305\n"), Out: &out, Err: &out}, View: view, JSON: true}
		o.Scenario, o.Rules = filepath.Join(dir, "gdw-rivers.toml"), filepath.Join(dir, "fogged.lua")
		if err := runRun(o); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(out.String(), want) {
			t.Errorf("--view %q: output lacks %s:\n%s", view, want, out.String())
		}
	}
	o := &runOptions{IO: &ioStreams{In: strings.NewReader(""), Out: new(strings.Builder), Err: new(strings.Builder)}, View: "germany"}
	o.Scenario = filepath.Join(dir, "gdw-rivers.toml")
	if err := runRun(o); err == nil || !strings.Contains(err.Error(), "--view germany") {
		t.Errorf("--view germany: %v", err)
	}
}

// TestCheckFog: gpw check reads R.fog as the engine does.
func TestCheckFog(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "badfog.lua")
	os.WriteFile(bad, []byte("local R = require(\"base\")\nR.id = \"x\"\nR.fog = { range = 2, soviet = { rnage = 3 } }\nreturn R\n"), 0o644)
	var out strings.Builder
	err := checkRun(&checkOptions{IO: &ioStreams{Out: &out}, Files: []string{bad, "../../rules/house/fog.lua"}})
	if err == nil || !strings.Contains(out.String(), "R.fog.soviet.rnage is not a key of R.fog") || !strings.Contains(out.String(), "did you mean range?") || !strings.Contains(out.String(), "fog.lua: ok") {
		t.Errorf("%v\n%s", err, out.String())
	}
}
