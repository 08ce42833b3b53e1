package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMapRenderSave draws a saved game: its units where they stand.
func TestMapRenderSave(t *testing.T) {
	dir := t.TempDir()
	save := filepath.Join(dir, "s.json")
	var out bytes.Buffer
	ro := &runOptions{IO: &ioStreams{Out: &out}, gameOptions: gameOptions{Scenario: "rulebook/combat-zoc-retreat", Dice: "2"},
		Script: "../../scenarios/rulebook/combat-zoc-retreat.gpw", Save: save}
	if err := runRun(ro); err != nil {
		t.Fatal(err)
	}
	svg := filepath.Join(dir, "m.svg")
	out.Reset()
	if err := mapRenderRun(&mapRenderOptions{IO: &ioStreams{Out: &out}, Save: save, Output: svg, HexPx: 40}); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(svg)
	if err != nil {
		t.Fatal(err)
	}
	// ger-1 retreated to B-1605 at half strength; sov-d advanced.
	for _, want := range []string{"ger-1", "sov-d", "3-4"} {
		if !strings.Contains(string(data), want) {
			t.Errorf("the drawing lacks %q", want)
		}
	}
	if err := mapRenderRun(&mapRenderOptions{IO: &ioStreams{Out: &out}, Save: save, Scenario: "x", Output: svg, HexPx: 40}); err == nil {
		t.Error("--save with --scenario was accepted")
	}
}
