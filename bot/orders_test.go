package bot

import (
	"slices"
	"testing"

	"gpw/core"
	"gpw/game"
)

// TestOrderNoRetreat: under the house card a German unit holding a
// victory city, which Soviet units next to it can attack at odds where a
// retreat is a likely result, is given a No Retreat! order at the end of
// the Axis player turn (a retreat would give up the city, the order
// turns dw and DW into results that keep it); the order is judged, not
// reported as one the bot cannot judge. Out in the open, where a retreat
// gives up little and DR becoming DE costs the unit, the same unit is given
// none.
func TestOrderNoRetreat(t *testing.T) {
	frost := houseModule(t, "frost.lua")
	for _, c := range []struct {
		name string
		city string
		want int
	}{
		{"city", victoryTOML("B-1005"), 1},
		{"open", "", 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := newBoard(t, "axis-general", c.city+unitTOML("ger-1", "axis", "infantry", 4, 2, 3, "B-1005")+
				units("soviet", "infantry", 6, 3, 3, "B-1104", "B-1105"), game.Options{Rules: frost})
			b := bound(t, g, core.Axis)
			if err := b.orderStep(); err != nil { // the last Axis phase, its moves made
				t.Fatal(err)
			}
			if b.Refused() > 0 {
				t.Fatalf("refused: %s", b.LastRefusal())
			}
			if got := b.Tactics["module:noretreat"]; got != c.want {
				t.Errorf("noretreat made %d times, want %d (judged %v)", got, c.want, b.Judged)
			}
			if b.Judged["noretreat"] == 0 || slices.Contains(b.Unjudged(), "noretreat") {
				t.Errorf("noretreat not judged: judged %v, unjudged %v", b.Judged, b.Unjudged())
			}
		})
	}
}

// TestOrdersInBotGames: bot against bot under the house card, the
// No Retreat! order is judged by both sides in every game, never
// reported as one the bots cannot judge, and given where it pays in some
// of the Bagration and Kursk games (seeds 1-6).
func TestOrdersInBotGames(t *testing.T) {
	if testing.Short() {
		t.Skip("twelve whole games")
	}
	frost := houseModule(t, "frost.lua")
	made, games := 0, 0
	for _, sc := range []string{"bagration", "kursk"} {
		for seed := int64(1); seed <= 6; seed++ {
			_, _, bots := match(t, "scenarios/gdw/"+sc+".toml", frost, seed, "normal", "normal", 0)
			games++
			for _, b := range bots {
				if b.Refused() > 0 {
					t.Errorf("%s seed %d %s: refused: %s", sc, seed, b.Side, b.LastRefusal())
				}
				if b.Judged["noretreat"] == 0 || slices.Contains(b.Unjudged(), "noretreat") {
					t.Errorf("%s seed %d %s: noretreat judged %d times, unjudged %v", sc, seed, b.Side, b.Judged["noretreat"], b.Unjudged())
				}
				made += b.Tactics["module:noretreat"]
			}
		}
	}
	if made == 0 {
		t.Errorf("no No Retreat! order in %d games", games)
	}
	t.Logf("%d No Retreat! orders in %d games", made, games)
}
