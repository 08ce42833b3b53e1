package game

import (
	"testing"

	"gpw"
	"gpw/scenario"
)

// TestCanMovePathsAgrees: the legal moves listed with can_move_paths (once
// per unit) are those listed with can_move_path per destination, and
// those listed asking can_move and can_move_path about every unit and
// path (move_kinds and move_limits' check ignored), over movement phases
// of the ADC2 campaign and of Barbarossa under the house card (whose
// can_move_paths wraps the book's checks) under random play.
func TestCanMovePathsAgrees(t *testing.T) {
	for _, c := range []struct{ name, file, rules string }{
		{"adc2", "scenarios/adc2/campaign.toml", "adc2"},
		{"frost", "scenarios/gdw/barbarossa.toml", houseRules(t, "frost.lua")},
	} {
		t.Run(c.name, func(t *testing.T) { canMovePathsAgree(t, c.file, c.rules) })
	}
}

func canMovePathsAgree(t *testing.T, file, rules string) {
	sc, err := scenario.Load(gpw.Data, file, gpw.Data)
	if err != nil {
		t.Fatal(err)
	}
	g, err := New(sc, Options{Rules: rules, AutoSetup: true, NoUndo: true}, gpw.Data, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !g.Rules.Has("can_move_paths") {
		t.Fatalf("%s has no can_move_paths", rules)
	}
	if rules == "adc2" && (!g.Rules.Has("move_kinds") || !g.Rules.Has("move_limits")) {
		t.Fatal("adc2 has no move_kinds or move_limits")
	}
	defer func() { batchPaths, fastLimits = true, true }()
	compared, dests := 0, 0
	for step := 0; !g.Over() && compared < 12; step++ {
		if g.Phase().Kind == "move" && step%5 == 0 {
			batchPaths = true
			a := g.Actions()
			batched := a.String()
			batchPaths = false
			each := g.Actions().String()
			fastLimits = false
			all := g.Actions().String()
			batchPaths, fastLimits = true, true
			if batched != each {
				t.Fatalf("%s %s: listed with can_move_paths:\n%s\nwith can_move_path:\n%s", g.TurnName(g.turn), g.Phase().ID, batched, each)
			}
			if all != each {
				t.Fatalf("%s %s: listed asking about every unit and path:\n%s\nas move_kinds and move_limits allow:\n%s", g.TurnName(g.turn), g.Phase().ID, all, each)
			}
			for _, um := range a.Moves {
				dests += len(um.Dest)
			}
			compared++
		}
		playFor(t, g, uint64(step), 1)
	}
	if compared == 0 || dests == 0 {
		t.Fatalf("compared %d movement phases, %d destinations", compared, dests)
	}
	t.Logf("%d movement phases, %d destinations", compared, dests)
}
