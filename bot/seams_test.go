package bot

import (
	"fmt"
	"slices"
	"testing"

	"gpw"
	"gpw/core"
	"gpw/game"
	"gpw/scenario"
)

// TestDestsAreLegal plays bot-against-bot games under GDW, ADC2 (closed
// areas, hexes shared for now, the module's path checks) and the house
// card, stopping at each movement phase, and checks that the destinations the bot plans with are the
// engine's legal ones (Actions), less, for a stacking unit, the hexes a
// friend's combat unit holds.
func TestDestsAreLegal(t *testing.T) {
	frost := houseModule(t, "frost.lua")
	for _, c := range []struct{ name, file, rules string }{
		{"gdw", "scenarios/gdw/barbarossa.toml", "gdw"},
		{"adc2", "scenarios/adc2/campaign.toml", "adc2"},
		{"frost", "scenarios/gdw/barbarossa.toml", frost},
	} {
		t.Run(c.name, func(t *testing.T) {
			sc, err := scenario.Load(gpw.Data, c.file, gpw.Data)
			if err != nil {
				t.Fatal(err)
			}
			g, err := game.New(sc, game.Options{Rules: c.rules, Seed: 2, SeedSet: true}, gpw.Data, nil)
			if err != nil {
				t.Fatal(err)
			}
			var bots [2]*Bot
			for side := range bots {
				bots[side], _ = ForGame(g, core.Side(side), "normal")
			}
			// stop at each movement phase's start
			seen := ""
			for _, b := range bots {
				b.halt = func(g *game.Game) bool {
					key := fmt.Sprint(g.Turn().Index, g.Phase().ID)
					if g.Phase().Kind != "move" || key == seen {
						return false
					}
					seen = key
					return true
				}
			}
			checked, dests := 0, 0
			for i, start := 0, g.Turn().Index; i < 400 && !g.Over() && g.Turn().Index < start+2; i++ {
				b := bots[g.Actor()]
				if g.Phase().Kind == "move" && !g.InSetup() && g.Actor() == g.Phase().Side {
					if d, _ := g.BattleUnits(); d < 0 {
						checked++
						dests += compareDests(t, g, b)
					}
				}
				if err := b.Play(g); err != nil {
					t.Fatal(err)
				}
			}
			if checked < 4 || dests == 0 {
				t.Fatalf("only %d movement phases compared (%d destinations)", checked, dests)
			}
			t.Logf("%d phases, %d destinations", checked, dests)
		})
	}
}

// compareDests checks every unit's destinations in b's reading against
// the engine's legal actions, and answers how many it compared.
func compareDests(t *testing.T, g *game.Game, b *Bot) int {
	t.Helper()
	if err := b.bind(g); err != nil {
		t.Fatal(err)
	}
	a := g.ActionsWith(game.ActionOpts{Paths: true})
	want := map[int][]game.Dest{}
	s := g.Position()
	for _, m := range a.Moves {
		for _, d := range m.Dest {
			if s.Units[m.Unit].Stacks && b.e.friendAt(d.Hex) {
				continue
			}
			want[m.Unit] = append(want[m.Unit], d)
		}
	}
	n := 0
	for k := range s.Units {
		got := b.e.dests(k)
		if !slices.EqualFunc(got, want[k], func(x, y game.Dest) bool { return x.Hex == y.Hex && slices.Equal(x.Path, y.Path) }) {
			t.Fatalf("%s %s: %s: the bot plans with %d destinations, the engine lists %d", g.TurnName(g.Turn().Index), g.Phase().ID, s.Units[k].ID, len(got), len(want[k]))
		}
		n += len(got)
	}
	return n
}
