package bot

import (
	"testing"

	"gpw/core"
	"gpw/game"
	"gpw/interp"
)

// TestFortifyWherePays: under Sariego's rules, in the Soviet
// reinforcement phase, a lone Soviet army in the open that three panzer
// corps can attack next turn is fortified (a fortress's column shift and
// stand on the defender's side, House: Fortifications (Sariego)); the
// same army with the panzers beyond reach of it is not (a fortification
// is one of three a game and buys nothing there).
func TestFortifyWherePays(t *testing.T) {
	sariego := houseModule(t, "sariego.lua")
	for _, c := range []struct {
		name   string
		sov    string
		axis   []string
		want   int
		marked bool
	}{
		{"threatened", "B-1005", []string{"B-0703", "B-0705", "B-0707"}, 1, true},
		{"out of reach", "B-1905", []string{"B-0101", "B-0103", "B-0105"}, 0, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := newBoard(t, "soviet-reinforcement", units("axis", "panzer", 12, 6, 8, c.axis...)+
				units("soviet", "infantry", 8, 4, 6, c.sov), game.Options{Rules: sariego})
			b := bound(t, g, core.Soviet)
			// as in a game after the bot's first player turn: uses are
			// looked at over the turns only once its first order step
			// has run (moduleRound, orders.go)
			b.orderPhase = "0/soviet-general"
			if err := b.moduleStep(); err != nil {
				t.Fatal(err)
			}
			if b.Refused() > 0 {
				t.Fatalf("refused: %s", b.LastRefusal())
			}
			if got := b.Tactics["module:fortify"]; got != c.want {
				t.Errorf("fortify made %d times, want %d (judged %v)", got, c.want, b.Judged)
			}
			if b.Judged["fortify"] == 0 {
				t.Errorf("fortify not judged: %v", b.Judged)
			}
			if got := fortified(g, idx(t, g, c.sov)); got != c.marked {
				t.Errorf("%s fortified: %v, want %v", c.sov, got, c.marked)
			}
		})
	}
}

// fortified reports whether hex h holds a fortification (its "fort" mark).
func fortified(g *game.Game, h int) bool {
	for _, m := range g.Marks(interp.ScopeHex, h) {
		if m.Name == "fort" && m.Value != nil {
			return true
		}
	}
	return false
}
