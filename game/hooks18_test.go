package game

import (
	"strings"
	"testing"
)

// TestAfterBattle: results(b) and after_battle(b, result) see the battle's
// odds, column and die; after_battle runs once the results are carried
// out (the defender has retreated), with gpw.battle() still naming it.
func TestAfterBattle(t *testing.T) {
	body := `
R.results.DR = function(b)
  gpw.emit("seen", "results", {"odds", b.odds, "column", b.column, "die", b.die})
  gpw.retreat(2) gpw.advance()
end
function R.after_battle(b, result)
  local d = gpw.battle()
  gpw.emit("after", "after_battle", {"result", result, "odds", R.ratio_label(b.odds), "column", R.ratio_label(b.column), "die", b.die, "defender_at", gpw.unit(d).hex})
end`
	g, err := hostileGame(t, "combat-zoc-retreat", body, Options{Dice: []int{2}, Auto: true})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Exec(attack); err != nil {
		t.Fatal(err)
	}
	var seen, after *Event
	for i, e := range g.Log() {
		switch e.Kind {
		case "seen":
			seen = &g.Log()[i]
		case "after":
			after = &g.Log()[i]
		}
	}
	if seen == nil || after == nil {
		t.Fatalf("results or after_battle did not run:\n%s", strings.Join(logLines(g.Log()), "\n"))
	}
	if seen.Get("die") != 2 || seen.Get("column") == nil || seen.Get("odds") == nil {
		t.Errorf("results saw %v", seen.Fields)
	}
	if after.Get("result") != "DR" || after.Get("die") != 2 || after.Get("defender_at") == "B-1603" {
		t.Errorf("after_battle saw %v (the defender should have retreated from B-1603)", after.Fields)
	}
	checkSaveReloads(t, g)
}

// chitModule interleaves the sides' phases (chit-pull activation); with
// marks, "id!" ends that side's player turn.
func chitModule(mark string) string {
	return `local R = require("base")
R.id = "chit"
function R.phase_order(turn)
  return { "axis-reinforcement", "soviet-reinforcement", "axis-rail", "soviet-rail", "axis-panzer", "soviet-armor",
    "axis-combat", "soviet-combat", "axis-general` + mark + `", "soviet-general` + mark + `" }
end
return R
`
}

// TestPhaseOrderEnds: phase_order marks the end of each player turn, so a
// victory check fires once per player turn however the sides alternate;
// unmarked, every change of side ends one (as before).
func TestPhaseOrderEnds(t *testing.T) {
	c := ruleCase{name: "chit", phase: "axis-reinforcement", last: "Aug 1941",
		mapx:  city("B-1005", "Town", "minor", ""),
		units: us("g axis infantry 6/3 4 B-1005", "s soviet infantry 8/4 6 B-1505"),
		extra: "[victory]\ntext = \"Town\"\n[[victory.condition]]\nside = \"axis\"\nwhen = \"axis-turn\"\nhold = \"occupy\"\ncities = [\"Town\"]\nresult = \"marginal\"\n"}
	for _, tt := range []struct {
		mark string
		want int
	}{{"!", 1}, {"", 5}} {
		rules := writeModule(t, "chit.lua", chitModule(tt.mark))
		g, evs := newTestGame(t, c.toml(), Options{Rules: rules, Dice: []int{6, 6, 6, 6}})
		if err := endAll(t, g, 10); err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, e := range *evs {
			if e.Kind == "victory" && e.Get("turn") == "Jul 1941" {
				n++
			}
		}
		if n != tt.want {
			t.Errorf("marks %q: %d axis-turn victory checks met in Jul 1941, want %d", tt.mark, n, tt.want)
		}
	}
}
