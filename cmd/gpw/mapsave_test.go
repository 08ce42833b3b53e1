package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gpw/internal/testboard"
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

// TestMapRenderMarks draws the hex and unit values a rules module declares
// with a symbol: Sariego's fortifications, built during play, and its
// isolated units, on a saved game.
func TestMapRenderMarks(t *testing.T) {
	dir := t.TempDir()
	sc := filepath.Join(dir, "fort.toml")
	src := strings.Replace(testboard.Board, "%s", "soviet-reinforcement", 1) +
		"[map.terrain]\nlake = [\"B-0301\", \"B-0302\", \"B-0303\", \"B-0304\", \"B-0306\", \"B-0307\", \"B-0308\", \"B-0309\", \"B-0310\"]\n" +
		testboard.Unit("g", "axis", "infantry", 6, 3, 4, "B-0305") +
		testboard.Unit("cut", "soviet", "infantry", 8, 4, 6, "B-0108") +
		testboard.Unit("s", "soviet", "infantry", 8, 4, 6, "B-1505")
	abs, err := filepath.Abs("../../rules/house/sariego.lua")
	if err != nil {
		t.Fatal(err)
	}
	script := filepath.Join(dir, "fort.gpw")
	for name, text := range map[string]string{sc: src, script: "fortify B-1505\n"} {
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	save := filepath.Join(dir, "s.json")
	var out bytes.Buffer
	if err := runRun(&runOptions{IO: &ioStreams{Out: &out}, gameOptions: gameOptions{Scenario: sc, Rules: abs}, Script: script, Save: save}); err != nil {
		t.Fatal(err)
	}
	svg := filepath.Join(dir, "m.svg")
	if err := mapRenderRun(&mapRenderOptions{IO: &ioStreams{Out: &out}, Save: save, Output: svg, HexPx: 40}); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(svg)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(data), ">F</text>"); n != 1 {
		t.Errorf("the drawing has %d fortification badges, want 1", n)
	}
	if n := strings.Count(string(data), ">I</text>"); n != 1 {
		t.Errorf("the drawing has %d isolation badges, want 1 (the unit cut off)", n)
	}
}
