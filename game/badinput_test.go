package game

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gpw"
	"gpw/interp"
	"gpw/scenario"
)

// TestBadScenario checks that each broken scenario is refused with its
// file and line.
func TestBadScenario(t *testing.T) {
	good := (ruleCase{name: "bad", phase: "soviet-general", units: us("s soviet infantry 8/4 6 B-1005")}).toml()
	tests := []struct {
		name, from, to, want string
	}{
		{"malformed toml", `cols = 20`, `cols = = 20`, "test.toml:10:"},
		{"unknown hex", `hex = "B-1005"`, `hex = "B-3005"`, "test.toml:23: unit s: hex B-3005 is off the map"},
		{"bad hex id", `hex = "B-1005"`, `hex = "B1005"`, "test.toml:23: unit s:"},
		{"unknown side", `side = "soviet"`, `side = "finland"`, "test.toml:19: unit s: unknown side"},
		{"unknown key", `mp = 6`, "mp = 6\nmpp = 3", `unknown key "unit.mpp"`},
		{"bad strength", `strength = [8, 4]`, `strength = [8]`, "test.toml:21: unit s: strength must be [full, half]"},
		{"unknown terrain", `soviet_edge = "east"`, "soviet_edge = \"east\"\n[map.terrain]\nbog = [\"B-0101\"]", "unknown terrain"},
		{"river not adjacent", `soviet_edge = "east"`, "soviet_edge = \"east\"\n[[map.river]]\nsides = [[\"B-0101\", \"B-0505\"]]", "not adjacent"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := strings.Replace(good, tt.from, tt.to, 1)
			if src == good {
				t.Fatalf("%q not found in the scenario", tt.from)
			}
			_, err := scenario.Parse("test.toml", []byte(src), gpw.Data)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want it to say %q", err, tt.want)
			}
		})
	}
}

// TestBadScenarioAgainstRules checks what only the rules can judge: kinds,
// turn names and phases, reported with file and line.
func TestBadScenarioAgainstRules(t *testing.T) {
	good := (ruleCase{name: "bad", phase: "soviet-general", units: us("s soviet infantry 8/4 6 B-1005")}).toml()
	tests := []struct{ from, to, want string }{
		{`kind = "infantry"`, `kind = "dragoon"`, `test.toml:17: unit s: kind "dragoon" is not known`},
		{`start = "Jul 1941"`, `start = "Juli 1941"`, `test.toml:3: start: "Juli 1941" is not a turn of the calendar (turns: Jan/Feb,`},
		{`phase = "soviet-general"`, `phase = "soviet-lunch"`, `test.toml:5: phase "soviet-lunch" is not a phase`},
		{`end = "May 1942"`, `end = "May 1940"`, `test.toml:4: end (May 1940) comes before start`},
	}
	for _, tt := range tests {
		src := strings.Replace(good, tt.from, tt.to, 1)
		sc, err := scenario.Parse("test.toml", []byte(src), gpw.Data)
		if err == nil {
			_, err = New(sc, Options{}, gpw.Data, nil)
		}
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want it to say %q", tt.to, err, tt.want)
		}
	}
}

// TestHostileRulesModules loads house modules that misbehave: each is
// stopped with a clear error naming the module, and the process goes on.
func TestHostileRulesModules(t *testing.T) {
	budget := interp.Budget{Call: 1_000_000, Command: 2_000_000}
	tests := []struct{ name, body, want string }{
		{"loop", "function R.on_phase_start(p) while true do end end", "ran past its budget"},
		{"os.execute", "function R.on_phase_start(p) os.execute('true') end", "os is not available"},
		{"io.open", "function R.on_phase_start(p) io.open('/etc/passwd') end", "io is not available"},
		{"big string", "function R.on_phase_start(p) local s = string.rep('x', 200000000) end", "too long"},
		{"runtime error", "function R.on_phase_start(p) local x = nil; x.y = 1 end", "house.lua:3"},
	}
	dir := t.TempDir()
	sc := (ruleCase{name: "hostile", phase: "soviet-general", units: us("s soviet infantry 8/4 6 B-1005")}).toml()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(dir, "house.lua")
			src := "local R = require(\"base\")\nR.id = \"house\"\n" + tt.body + "\nreturn R\n"
			if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			s, err := scenario.Parse("test.toml", []byte(sc), gpw.Data)
			if err != nil {
				t.Fatal(err)
			}
			_, err = New(s, Options{Rules: path, Budget: budget}, gpw.Data, nil)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want it to say %q", err, tt.want)
			}
		})
	}
}
