package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRulesDiff(t *testing.T) {
	dir := t.TempDir()
	house := filepath.Join(dir, "wide.lua")
	src := `local R = require("base")
R.id = "wide"
R.river_extra = 2
R.sources.river_extra = "House: Wide rivers"
R.crt.rows[6][1] = "NE"
function R.results.AL(b) end
return R
`
	if err := os.WriteFile(house, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		a, b string
		want []string
	}{
		{"gdw", "gdw", []string{"gdw and gdw set the same rules"}},
		{"gdw", house, []string{
			"river_extra", "gdw: 1", ": 2  (House: Wide rivers)",
			"crt.1:1.die 6", "gdw: AL", ": NE  (wide, changing GDW: Combat Results Table)",
			"results.AL", "base.lua:", "wide.lua:6",
			"3 difference(s)"}},
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
	if err := rulesDiffRun(&rulesDiffOptions{IO: &ioStreams{Out: &out}, A: "gdw", B: "nope"}); err == nil {
		t.Error("an unknown variant was accepted")
	}
}
