package game

import (
	"strings"
	"testing"

	"gpw"
	"gpw/scenario"
)

// TestScenarioSpecialRules plays Barbarossa, whose special rules bar
// Soviet rail movement on the Jun 1941 turn (scenarios/gdw/barbarossa.lua).
func TestScenarioSpecialRules(t *testing.T) {
	sc, err := scenario.Load(gpw.Data, "scenarios/gdw/barbarossa.toml", gpw.Data)
	if err != nil {
		t.Fatal(err)
	}
	if len(sc.SpecialSource) == 0 {
		t.Fatal("barbarossa.toml names no special rules")
	}
	var evs []Event
	g, err := New(sc, Options{AutoSetup: true}, gpw.Data, func(e Event) { evs = append(evs, e) })
	if err != nil {
		t.Fatal(err)
	}
	for g.Phase().ID != "soviet-rail" {
		if err := g.Exec("end"); err != nil {
			t.Fatal(err)
		}
	}
	tried := 0
	for k := range g.S.Units {
		u := &g.S.Units[k]
		if u.Side == 1 && u.Status == 1 && g.S.Map.IsRail(u.Hex) {
			err := g.Exec("rail " + u.ID + " " + g.S.Map.ID(u.Hex))
			if err == nil || !strings.Contains(err.Error(), "may not move by rail in Jun 1941") {
				t.Fatalf("rail %s: %v, want the Jun 1941 refusal", u.ID, err)
			}
			tried++
			break
		}
	}
	if tried == 0 {
		t.Fatal("no Soviet unit on a rail hex")
	}
	found := false
	for _, m := range g.Rules.Modules() {
		found = found || strings.HasSuffix(m.Path, "barbarossa.lua")
	}
	if !found {
		t.Error("the special rules are not among the hashed modules")
	}
}

// TestVictoryEndsTheGame checks a scenario's victory condition at the end
// of a player turn.
func TestVictoryEndsTheGame(t *testing.T) {
	c := ruleCase{name: "victory", phase: "soviet-general",
		mapx:  city("B-1005", "Town", "minor", ""),
		units: us("g axis infantry 6/3 4 B-1005", "s soviet infantry 8/4 6 B-1505"),
		extra: "\n[victory]\ntext = \"The Axis takes Town\"\n[[victory.condition]]\nside = \"axis\"\nwhen = \"soviet-turn\"\nhold = \"occupy\"\ncities = [\"Town\"]\nresult = \"win\"\n"}
	g, evs := newTestGame(t, c.toml(), Options{})
	refused := script(t, g, "end\nend")
	want := []string{"victory side=axis result=win when=soviet-turn", "end winner=axis"}
	expectEvents(t, *evs, want)
	if len(refused) != 1 || !strings.Contains(refused[0], "the game is over") {
		t.Errorf("refused %q", refused)
	}
}
