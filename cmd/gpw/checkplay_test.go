package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// typhoon is a small scenario in the style of the issue's: Army Group
// Centre against the Western Front, two turns.
const typhoon = `format_version = 1
name = "Typhoon (test)"
start = "Sep/Oct 1941"
end = "Nov/Dec 1941"
map = "gpw"
units = "gdw"
variants = ["gdw", "adc2"]
special = "typhoon.lua"
unlisted = "absent"

[front]
places = ["Leningrad", "Vyazma", "Bryansk", "Kharkov", "Rostov"]
axis_areas = ["Helsinki"]

[[setup]]
name = "Western Front"
side = "soviet"
near = "Moscow"
radius = 4
units = ["sov-16", "sov-19", "sov-20"]

[[setup]]
name = "Army Group Centre"
side = "axis"
near = "Smolensk"
radius = 3
units = ["ger-40pz", "ger-46pz"]

[victory]
default = "soviet"
[[victory.condition]]
side = "axis"
cities = ["Moscow"]
result = "win"
`

func writeFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// gpw check catches what a scenario's author got past it before (issue
// 23), each with its file and line; --play catches a special rule that
// fails only in a late turn, with the turn.
func TestCheckScenarioWhole(t *testing.T) {
	good := "return function(R) return R end\n"
	late := "return function(R)\n  local start = R.on_phase_start\n  R.on_phase_start = function(p)\n    if gpw.turn().name == \"Nov/Dec 1941\" then error(\"boom in the snow\") end\n    if start then return start(p) end\n  end\n  return R\nend\n"
	tests := []struct {
		name  string
		toml  string
		lua   string
		play  bool
		check string // the file given to gpw check
		want  []string
		fail  bool
	}{
		{"good", typhoon, good, false, "typhoon.toml", []string{"typhoon.toml: ok"}, false},
		{"good, played", typhoon, good, true, "typhoon.toml", []string{"typhoon.toml: gdw: a bot game played to its end (Nov/Dec 1941: soviet-general)", "typhoon.toml: adc2: a bot game played to its end (Nov/Dec 1941:", "typhoon.toml: ok"}, false},
		{"unknown variant", strings.Replace(typhoon, `"adc2"]`, `"adc3"]`, 1), good, false, "typhoon.toml",
			[]string{`typhoon.toml:7: variants: "adc3" is not a rules variant (did you mean "adc2"?)`}, true},
		{"bot key", typhoon + "[bot]\nagression = 0.5\n", good, false, "typhoon.toml",
			[]string{`typhoon.toml:36: [bot]: unknown key "agression" (did you mean "aggression"?)`}, true},
		{"bot side key", typhoon + "[bot]\n[bot.axis]\ncaution = 2\n", good, false, "typhoon.toml",
			[]string{`typhoon.toml:37: [bot]: axis: caution: 2 is not in 0..1`}, true},
		{"area closed by the rules", typhoon, "return function(R) R.closed = { soviet = { \"USSR\" } } return R end\n", false, "typhoon.toml",
			[]string{"typhoon.toml:15: under gdw: setup Western Front: 3 combat units but only 0 hexes of its area are open to soviet units: the rules close"}, true},
		{"special rules file", typhoon, good, false, "typhoon.lua", []string{"typhoon.lua: the special rules of", "typhoon.lua: ok"}, false},
		{"late lua error", typhoon, late, true, "typhoon.toml", []string{"typhoon.toml: under gdw, in Nov/Dec 1941: axis-reinforcement: typhoon.lua:4: in phase axis-reinforcement: boom in the snow", "typhoon.toml: under adc2, in Nov/Dec 1941: axis-reinforcement:"}, true},
		{"overlap", typhoon + "[[setup]]\nname = \"2nd Army\"\nside = \"axis\"\nnear = \"Smolensk\"\nradius = 0\nunits = [\"ger-9\"]\n[[setup]]\nname = \"9th Army\"\nside = \"axis\"\ncity = \"Smolensk\"\nunits = [\"ger-5\"]\n",
			good, false, "typhoon.toml", []string{"typhoon.toml:35: setup 2nd Army: 1 combat units but only 0 free hexes in its area: of the 1 land hexes its keys name, 1 taken by units set up on fixed hexes"}, true},
		{"overlap of two areas", strings.Replace(typhoon, "radius = 3\n", "radius = 1\n", 1) + "[[setup]]\nname = \"2nd Army\"\nside = \"axis\"\nnear = \"Smolensk\"\nradius = 1\nunits = [\"ger-9\", \"ger-5\", \"ger-6\", \"ger-7\", \"ger-8\", \"ger-12\"]\n",
			good, false, "typhoon.toml", []string{"typhoon.toml:22: setups Army Group Centre (typhoon.toml:22, 2 units) and 2nd Army (typhoon.toml:35, 6 units) overlap: together 8 combat units but only 7 free hexes in their areas"}, true},
	}
	for _, tt := range tests {
		dir := writeFiles(t, map[string]string{"typhoon.toml": tt.toml, "typhoon.lua": tt.lua})
		var out bytes.Buffer
		err := checkRun(&checkOptions{IO: &ioStreams{Out: &out}, Files: []string{filepath.Join(dir, tt.check)}, Play: tt.play})
		if (err != nil) != tt.fail {
			t.Errorf("%s: error %v, want failure %v\n%s", tt.name, err, tt.fail, out.String())
		}
		for _, w := range tt.want {
			if !strings.Contains(out.String(), w) {
				t.Errorf("%s: output lacks %q:\n%s", tt.name, w, out.String())
			}
		}
	}
}
