package game

import (
	"slices"
	"testing"

	"gpw"
	"gpw/core"
)

// The pass player sets up, places each side's reinforcements by the
// automatic rule and ends its phases; nil players pass the same way, and
// Play stops when told.
func TestPass(t *testing.T) {
	play := func(players [2]Player, turns int) []string {
		g, err := New(loadBuiltin(t, "gdw/barbarossa"), Options{}, gpw.Data, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := PlayOut(g, players[0], players[1], turns); err != nil {
			t.Fatal(err)
		}
		if got := g.Turn().Index; turns > 0 && !g.Over() && got != g.fix.start+turns {
			t.Errorf("stopped at turn %d, want %d", got, g.fix.start+turns)
		}
		return g.Snapshot().Commands
	}
	passed := play([2]Player{Pass{core.Axis}, Pass{core.Soviet}}, 2)
	if !slices.Contains(passed, "place auto") {
		t.Errorf("the pass players placed nothing in 2 turns: %v", passed)
	}
	for _, c := range passed {
		if c != "place auto" && c != "end" {
			t.Errorf("a pass player gave %q", c)
		}
	}
	if nils := play([2]Player{}, 2); !slices.Equal(nils, passed) {
		t.Errorf("nil players gave %d commands, the pass players %d", len(nils), len(passed))
	}

	g, err := New(loadBuiltin(t, "gdw/barbarossa"), Options{AutoSetup: true}, gpw.Data, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := Play(g, [2]Player{Pass{core.Axis}, Pass{core.Soviet}}, func() bool { return true }); err != nil {
		t.Fatal(err)
	}
	if n := len(g.Snapshot().Commands); n != 0 {
		t.Errorf("Play played %d commands when told to stop at once", n)
	}
	side := g.Actor()
	if err := (Pass{side}).Play(g); err != nil {
		t.Fatal(err)
	}
	if g.Actor() == side {
		t.Errorf("Pass{%s} returned while its side must act (%s)", side, g.Phase().ID)
	}
}
