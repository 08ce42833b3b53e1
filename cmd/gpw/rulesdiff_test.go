package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gpw/interp"
)

func TestRulesDiff(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		// a house rule: data, a table of its own, a wrapped hook, a command
		"wide.lua": `local R = require("base")
R.id = "wide"
R.name = "House: wide rivers"
R.river_extra = 2
R.sources.river_extra = "House: Wide rivers"
R.crt.rows[6][1] = "NE"
R.weather.snow.shift = -2
R.calendar[2].roll = 4
R.bridges = { major = 2, minor = { cost = 1 } }
function R.results.AL(b) end
local odds = R.odds
function R.odds(b)
  return odds(b)
end
R.commands = { bridge = function(hex) return true end }
R.help = { bridge = "bridge HEX: build a bridge" }
return R
`,
		// a house rule on the house rule: it wraps nothing itself
		"wider.lua": `local R = require("wide")
R.id = "wider"
R.name = "House: wider"
R.river_extra = 3
return R
`,
	}
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	wide, wider := filepath.Join(dir, "wide.lua"), filepath.Join(dir, "wider.lua")
	tests := []struct {
		a, b string
		want []string
	}{
		{"gdw", "gdw", []string{"gdw and gdw set the same rules"}},
		{"gdw", wide, []string{
			"river_extra", "gdw: 1", ": 2  (House: Wide rivers)\n    crossing a river costs 2 extra MP instead of 1\n",
			"crt.1:1.die 6", "gdw: AL", ": NE  (House: wide rivers, changing GDW: Combat Results Table)\n    a die of 6 at 1:1 gives NE instead of AL\n",
			"weather.snow.shift", "in snow every attack is shifted -2 columns instead of -1",
			"calendar.Mar/Apr.roll", "in Mar/Apr the turn's weather comes on a die of 1-4 instead of 1-3",
			"bridges.major", "bridges.major is new: 2", "bridges.minor.cost", "bridges.minor.cost is new: 1",
			"results.AL", "base.lua:", "wide.lua:10",
			"hook.odds", "wide.lua:12  (House: wide rivers, changing GDW: Combat; Terrain and Combat)",
			"how a battle's odds and column are worked out: changed by wide.lua:12, around base.lua:",
			"a new command, bridge: bridge HEX: build a bridge",
			"11 difference(s)"}},
		// wider only changes river_extra; the wrapper it inherits cites wide,
		// the module whose file wrote it
		{"gdw", wider, []string{"river_extra", ": 3  (House: Wide rivers)", "hook.odds", "wide.lua:12  (House: wide rivers, changing GDW: Combat; Terrain and Combat)"}},
		{wide, wider, []string{"river_extra", ": 3  (House: wider, changing House: Wide rivers)\n    crossing a river costs 3 extra MP instead of 2\n", "2 difference(s)"}},
	}
	for _, tt := range tests {
		var out bytes.Buffer
		err := rulesDiffRun(&rulesDiffOptions{IO: &ioStreams{Out: &out}, A: tt.a, B: tt.b})
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range tt.want {
			if !strings.Contains(out.String(), w) {
				t.Errorf("diff %s %s: output lacks %q:\n%s", tt.a, tt.b, w, out.String())
			}
		}
	}
	var out bytes.Buffer
	if err := rulesDiffRun(&rulesDiffOptions{IO: &ioStreams{Out: &out}, A: "gdw", B: wide, JSON: true}); err != nil {
		t.Fatal(err)
	}
	var ds []interp.Difference
	if err := json.Unmarshal(out.Bytes(), &ds); err != nil || len(ds) != 11 || ds[0].Says == "" {
		t.Errorf("--json: %v, %d differences: %s", err, len(ds), out.String())
	}
	if err := rulesDiffRun(&rulesDiffOptions{IO: &ioStreams{Out: &out}, A: "gdw", B: "nope"}); err == nil {
		t.Error("an unknown variant was accepted")
	}
}
