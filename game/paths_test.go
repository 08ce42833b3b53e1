package game

import (
	"os"
	"path/filepath"
	"testing"

	"gpw"
	"gpw/scenario"
)

// TestModulePaths: a scenario's rules = "FILE.lua" is found next to the
// scenario whatever the working directory, and a module's file name may
// hold dots: the top module is loaded by its file (my.house.lua), while
// require("lib.snow") reads lib/snow.lua, as Lua's require does.
func TestModulePaths(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"my.house.lua": "local R = require(\"base\")\nR.id = \"my.house\"\nrequire(\"lib.snow\")(R)\nreturn R\n",
		"lib/snow.lua": "return function(R) R.calendar[1].roll = 6 end\n",
		"s.toml": ruleCase{name: "paths", variant: "my.house.lua", start: "Jan/Feb 1942", last: "Jan/Feb 1942", phase: "axis-panzer",
			units: us("g axis infantry 6/3 4 B-0105", "s soviet infantry 8/4 6 B-1505")}.toml(),
	}
	for name, src := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	sc, err := scenario.LoadFile(filepath.Join(dir, "s.toml"), gpw.Data)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range []Options{{}, {Rules: filepath.Join(dir, "my.house.lua")}} {
		var evs []Event
		o.Dice = []int{6}
		g, err := New(sc, o, gpw.Data, func(e Event) { evs = append(evs, e) })
		if err != nil {
			t.Fatal(err)
		}
		if g.Rules.ID != "my.house" {
			t.Errorf("rules %q, want my.house", g.Rules.ID)
		}
		// lib/snow.lua made every die bring Jan/Feb's snow
		expectEvents(t, evs, []string{"weather die=6 weather=snow"})
	}
}
