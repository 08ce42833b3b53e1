package game

import (
	"reflect"
	"testing"

	"gpw"
)

// TestMoveDestsMatchActions walks random games under GDW, ADC2 (closed
// areas, shared hexes, can_move_paths) and the house card (can_move_path
// per path) and checks that MoveDests lists, for every unit of the
// moving side, exactly the destinations and paths ActionsWith does, and
// MoveDestsAlone those less the hexes a friend's combat unit holds.
func TestMoveDestsMatchActions(t *testing.T) {
	for name, rules := range variants(t) {
		t.Run(name, func(t *testing.T) {
			sc := "gdw/barbarossa"
			if name == "adc2" {
				sc = "adc2/campaign"
			}
			g, err := New(loadBuiltin(t, sc), Options{Rules: rules, NoUndo: true, AutoSetup: true, Seed: 3, SeedSet: true}, gpw.Data, func(Event) {})
			if err != nil {
				t.Fatal(err)
			}
			phases, units, dests := 0, 0, 0
			for step := 0; !g.Over() && step < 1200 && phases < 6; step++ {
				if g.Phase().Kind == "move" && g.ready() == nil && step%7 == 0 {
					phases++
					a := g.ActionsWith(ActionOpts{Paths: true})
					if a.Error != "" {
						t.Fatal(a.Error)
					}
					want := map[int]UnitMoves{}
					for _, m := range a.Moves {
						want[m.Unit] = m
					}
					for k := range g.S.Units {
						um, err := g.MoveDests(k, true)
						if err != nil {
							t.Fatal(err)
						}
						w, listed := want[k]
						switch {
						case um == nil && listed:
							t.Fatalf("%s %s: MoveDests lists nothing for %s, Actions %d destinations", g.TurnName(g.turn), g.Phase().ID, w.ID, len(w.Dest))
						case um != nil && !listed:
							t.Fatalf("%s %s: MoveDests lists %d destinations for %s, Actions none", g.TurnName(g.turn), g.Phase().ID, len(um.Dest), um.ID)
						case um != nil && !reflect.DeepEqual(*um, w):
							t.Fatalf("%s %s: %s: MoveDests and Actions differ", g.TurnName(g.turn), g.Phase().ID, um.ID)
						}
						if um != nil {
							units++
							dests += len(um.Dest)
						}
						// alone: less the hexes a friend's combat unit holds
						al, err := g.MoveDestsAlone(k, true)
						if err != nil {
							t.Fatal(err)
						}
						var got, wantAlone []Dest
						if al != nil {
							got = al.Dest
						}
						for _, d := range w.Dest {
							if o := g.S.Occupant(d.Hex); o < 0 || g.S.Units[o].Side != g.S.Units[k].Side {
								wantAlone = append(wantAlone, d)
							}
						}
						if len(got) != len(wantAlone) || (len(got) > 0 && !reflect.DeepEqual(got, wantAlone)) {
							t.Fatalf("%s %s: %s: MoveDestsAlone lists %d destinations, Actions %d without friends' hexes", g.TurnName(g.turn), g.Phase().ID, g.S.Units[k].ID, len(got), len(wantAlone))
						}
					}
				}
				playFor(t, g, uint64(step), 1)
			}
			if phases == 0 || units == 0 {
				t.Fatalf("no movement phase compared (%d phases, %d units)", phases, units)
			}
			t.Logf("%d phases, %d units, %d destinations", phases, units, dests)
		})
	}
}
