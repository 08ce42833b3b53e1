package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The designer's setup mode: place the setup units by hand in gpw play
// (moving one again), export the scenario, and gpw check reads the
// export back to the same position, each unit on a fixed hex.
func TestPlayExportSetupRoundTrip(t *testing.T) {
	dir := writeFiles(t, map[string]string{"typhoon.toml": typhoon, "typhoon.lua": "return function(R) return R end\n"})
	var out strings.Builder
	ios := &ioStreams{In: strings.NewReader(""), Out: &out, Err: &out}
	g, err := newGame(&runOptions{IO: ios, gameOptions: gameOptions{Scenario: filepath.Join(dir, "typhoon.toml")}})
	if err != nil {
		t.Fatal(err)
	}
	p := newPlayer(g, &out, false)
	for _, line := range []string{"place auto", "end", "place ger-40pz Smolensk", "place ger-46pz Smolensk@S:1", "place ger-40pz Smolensk@N:1"} {
		p.do(line)
	}
	if strings.Contains(out.String(), "refused") {
		t.Fatalf("placing: %s", out.String())
	}
	want := setupPositions(g)
	exported := filepath.Join(dir, "typhoon-laid-out.toml")
	p.do("export " + exported)
	if !strings.Contains(out.String(), "5 units on fixed hexes") {
		t.Fatalf("export: %s", out.String())
	}
	var check bytes.Buffer
	if err := checkRun(&checkOptions{IO: &ioStreams{Out: &check}, Files: []string{exported}}); err != nil {
		t.Fatalf("gpw check of the export: %v\n%s", err, check.String())
	}
	sc, err := loadScenario(exported, "")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, u := range sc.Units {
		if h, ok := want[u.ID]; ok {
			n++
			if u.Hex != h {
				t.Errorf("%s: %q after the round trip, %s on the board", u.ID, u.Hex, h)
			}
		}
	}
	if n != len(want) || n != 5 {
		t.Errorf("%d of %d units read back", n, len(want))
	}
	text, _ := os.ReadFile(exported)
	if !strings.Contains(string(text), "[victory]") || strings.Count(string(text), "[[setup]]") != 2 || strings.Contains(string(text), "radius = 4") {
		t.Errorf("the export:\n%s", text)
	}
}
