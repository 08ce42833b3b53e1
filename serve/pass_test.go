package serve

import (
	"slices"
	"testing"
)

// The pass computer is the engine's pass player: it places its
// reinforcements by the automatic rule, as the CLI's does, and gives
// nothing but that and the end of its phases.
func TestPassPlacesReinforcements(t *testing.T) {
	s := newTestServer(t)
	defer s.Close()
	e, err := s.lib.open(Spec{Scenario: "gdw/barbarossa", AutoSetup: true}, Secret{}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	opp := newOpponent("pass")
	start := e.g.Turn().Index
	var given []string
	for i := 0; i < 200 && !e.g.Over() && e.g.Turn().Index < start+2; i++ {
		side := e.actor()
		cmds, err := opp.next(e.position(), side)
		if err != nil {
			t.Fatal(err)
		}
		if len(cmds) == 0 {
			t.Fatalf("the pass computer gave nothing as %s in %s", side, e.g.Phase().ID)
		}
		for _, c := range cmds {
			if _, err := e.do(side, c); err != nil {
				t.Fatalf("%s %q: %v", side, c, err)
			}
		}
		given = append(given, cmds...)
	}
	if e.g.Turn().Index < start+2 {
		t.Fatalf("2 turns not played: at %s", e.g.Phase().ID)
	}
	if !slices.Contains(given, "place auto") {
		t.Errorf("the pass computer placed no reinforcement in 2 turns: %v", given)
	}
	for _, c := range given {
		if c != "place auto" && c != "end" {
			t.Errorf("the pass computer gave %q", c)
		}
	}
}
