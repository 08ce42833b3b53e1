package bot

import (
	"fmt"
	"strings"
	"testing"

	"gpw/core"
	"gpw/game"
)

// TestRebuildFromListing: the bots choose where an eliminated unit
// returns from the engine's rebuild listing (place_limits asked once per
// unit, the hexes checked in Go), not by asking the rules' can_place
// about each candidate city. Under testdata/rebuildlimits.lua the
// listing holds only City17, the city farthest from the enemy, where
// can_place alone would allow any: one of the three eliminated armies
// returns there, and no other.
func TestRebuildFromListing(t *testing.T) {
	var src strings.Builder
	for c := 17; c >= 12; c-- {
		fmt.Fprintf(&src, "\n[[map.city]]\nhex = \"B-%02d0%d\"\nname = \"City%d\"\nkind = \"major\"\n", c, 2+(17-c)%2*5, c)
	}
	src.WriteString("\n[[replacements]]\nturn = \"Jul 1941\"\nsoviet = 3\n")
	src.WriteString(units("axis", "panzer", 12, 6, 8, "B-0405", "B-0408"))
	src.WriteString(units("soviet", "infantry", 8, 4, 6, "B-0905", "B-1908"))
	for i := range 3 {
		fmt.Fprintf(&src, "\n[[unit]]\nid = \"sov-gone%d\"\nside = \"soviet\"\nnation = \"sov\"\nkind = \"infantry\"\nstrength = [8, 4]\nmp = 6\neliminated = true\n", i)
	}
	for _, c := range []struct {
		rules, want string
	}{
		{"gdw", "City12"}, // the engine's entry rule alone: the city nearest the enemy
		{"testdata/rebuildlimits.lua", "City17"},
	} {
		g := newBoard(t, "soviet-reinforcement", src.String(), game.Options{Rules: c.rules})
		b := bound(t, g, core.Soviet)
		if err := b.reinforce(); err != nil {
			t.Fatal(err)
		}
		want, _ := g.S.Map.FindCity(c.want)
		var at []string
		for k, u := range g.S.Units {
			if strings.HasPrefix(u.ID, "sov-gone") && u.Status == core.OnMap {
				at = append(at, g.S.Map.ID(g.S.Units[k].Hex))
			}
		}
		if len(at) == 0 || at[0] != g.S.Map.ID(want.Hex) || c.rules != "gdw" && len(at) != 1 || b.e.refused > 0 {
			t.Errorf("%s: the eliminated armies returned in %v (%d commands refused), want the first in %s (%s)\n%s", c.rules, at, b.e.refused, g.S.Map.ID(want.Hex), c.want, logText(g))
		}
	}
}
