package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"gpw/core"
)

// runMap runs gpw map with args from the repository root, where maps/
// lies, and returns what it printed.
func runMap(t *testing.T, args ...string) (string, error) {
	t.Helper()
	wd, _ := os.Getwd()
	if err := os.Chdir("../.."); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	var out, errb bytes.Buffer
	cmd := newMapCmd(&ioStreams{In: strings.NewReader(""), Out: &out, Err: &errb})
	cmd.SetArgs(args)
	cmd.SetOut(&out)
	cmd.SetErr(&errb)
	err := cmd.Execute()
	return out.String(), err
}

func TestMapCommands(t *testing.T) {
	m, err := loadMap("../../maps/gpw.toml")
	if err != nil {
		t.Fatal(err)
	}
	hex := func(name string) string {
		c, ok := m.FindCity(name)
		if !ok {
			t.Fatalf("no %s on the map", name)
		}
		return m.ID(c.Hex)
	}
	berlin, moscow := hex("Berlin"), hex("Moscow")
	step := func(name string, d core.Dir) string {
		c, _ := m.FindCity(name)
		return m.ID(int(m.Nbr[c.Hex][d]))
	}
	a, _ := m.ParseHex(berlin)
	b, _ := m.ParseHex(moscow)
	dist := strconv.Itoa(m.Distance(a, b))
	tests := []struct {
		name  string
		args  []string
		first string // first word of the output
		has   string
	}{
		{"find", []string{"find", "Moscow"}, moscow, "soviet capital"},
		{"find is case-blind", []string{"find", "berlin"}, berlin, "axis capital"},
		{"distance", []string{"distance", "Berlin", "Moscow"}, dist, "hexes"},
		{"distance by id", []string{"distance", berlin, moscow}, dist, "hexes"},
		{"show", []string{"show", "Kerch"}, hex("Kerch"), "across a strait"},
		{"build --check", []string{"build", "--check"}, "maps/gpw.toml", "up to date"},
		{"find with an offset", []string{"find", "Kursk@NW:1"}, step("Kursk", core.NW), "Kursk@NW:1"},
		{"show a name of two words", []string{"show", "velikiye", "luki"}, hex("Velikiye Luki"), "city: Velikiye Luki"},
		{"find a name of two words", []string{"find", "Velikiye", "Luki"}, hex("Velikiye Luki"), "minor city"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := runMap(t, tt.args...)
			if err != nil {
				t.Fatal(err)
			}
			if f := strings.Fields(out); len(f) == 0 || f[0] != tt.first {
				t.Errorf("gpw map %s printed %q, want %s first", strings.Join(tt.args, " "), out, tt.first)
			}
			if !strings.Contains(out, tt.has) {
				t.Errorf("gpw map %s printed %q, want it to say %q", strings.Join(tt.args, " "), out, tt.has)
			}
		})
	}
}

func TestMapCommandErrors(t *testing.T) {
	tests := []struct {
		name string
		args []string
		msg  string
	}{
		{"unknown place", []string{"find", "Atlantis"}, "neither a hex id"},
		{"off the map", []string{"show", "A-9999"}, "hex A-9999 is off the map"},
		{"offset off the map", []string{"find", "Astrakhan@SE:40"}, "runs off the map"},
		{"bad direction", []string{"find", "Kursk@W:1"}, `"W" is not a direction`},
		{"bad render file", []string{"render", "-o", "map.gif"}, ".svg or .png"},
		{"missing argument", []string{"distance", "Berlin"}, "accepts 2 arg"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := runMap(t, tt.args...)
			if err == nil || !strings.Contains(err.Error(), tt.msg) {
				t.Errorf("gpw map %s: error %v, want one saying %q", strings.Join(tt.args, " "), err, tt.msg)
			}
		})
	}
}

func TestMapRender(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"map.svg", "map.png"} {
		out := filepath.Join(dir, name)
		if _, err := runMap(t, "render", "-o", out, "--hex", "20"); err != nil {
			t.Fatal(err)
		}
		data, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		if len(data) < 1000 {
			t.Errorf("%s is only %d bytes", name, len(data))
		}
	}
}

func TestMapRenderScenario(t *testing.T) {
	const file = "scenarios/rulebook/combat-river-forest.toml"
	sc, err := loadScenario("../../"+file, "")
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "units.svg")
	printed, err := runMap(t, "render", "--scenario", file, "-o", out)
	if err != nil {
		t.Fatal(err)
	}
	n := len(scenarioCounters(sc))
	if n == 0 || !strings.Contains(printed, strconv.Itoa(n)+" units on hexes") {
		t.Errorf("printed %q, want %d units on hexes", printed, n)
	}
	svg, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range sc.Units {
		if u.Hex != "" && !strings.Contains(string(svg), ">"+u.ID+"</text>") {
			t.Errorf("the drawing has no counter for %s", u.ID)
		}
	}
}
