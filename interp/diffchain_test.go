package interp

import (
	"os"
	"strings"
	"testing"
)

// TestDiffChains: rules diff names every link of a wrapper chain, words
// a results wrapper as a wrapper, and an emptied class list as every
// class moving.
func TestDiffChains(t *testing.T) {
	gdw, err := Compile("gdw", os.DirFS(".."), "", nil)
	if err != nil {
		t.Fatal(err)
	}
	top, err := compileFiles(t,
		[2]string{"top.lua", `local R = require("mid")
R.id = "top"
local start = R.on_phase_start
function R.on_phase_start(phase)
  start(phase)
end
local dr = R.results.DR
R.results.DR = function(b)
  dr(b)
end
R.results.DE = function(b) gpw.defender_eliminate() end
R.phases[3].classes = {}
R.fog = { range = 2, soviet = { range = 3 }, reserves = true }
return R
`},
		[2]string{"mid.lua", `local R = require("base")
local start = R.on_phase_start
function R.on_phase_start(phase)
  start(phase)
end
return R
`})
	if err != nil {
		t.Fatal(err)
	}
	says := map[string]string{}
	for _, d := range Diff(gdw, top) {
		says[d.Key] = d.Says
	}
	base := gdw.Flatten()
	for key, want := range map[string]string{
		"hook.on_phase_start":        "what happens as each phase begins (weather rolls among it): changed by top.lua:4, around mid.lua:3, around " + base["hook.on_phase_start"],
		"results.DR":                 "what the result DR does: changed by top.lua:8, around " + base["results.DR"],
		"results.DE":                 "the result DE does what top.lua:11 says, not " + base["results.DE"],
		"phases.axis-panzer.classes": "in axis-panzer every unit moves (no class list), instead of: only cavalry, armor units move",
	} {
		if got := says[key]; got != want {
			t.Errorf("%s:\n got %s\nwant %s", key, got, want)
		}
	}
	if !strings.HasPrefix(base["hook.on_phase_start"], "base.lua:") {
		t.Errorf("base's on_phase_start at %q", base["hook.on_phase_start"])
	}
}
