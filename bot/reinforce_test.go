package bot

import (
	"strings"
	"testing"

	"gpw"
	"gpw/core"
	"gpw/game"
	"gpw/scenario"
)

// TestReinforcementsWaitOnlyWithoutHex: in the ADC2 campaign the bots
// end a reinforcement phase with units still waiting only when the
// engine has no hex for them (a leader whose capital the enemy holds:
// ADC2: Leaders), never with one they could have placed. Moscow is
// handed to the Axis for the Soviet reinforcement phase of Jul 1941
// (three leaders arrive then, with armies that can enter elsewhere), so
// the warning comes and is checked.
func TestReinforcementsWaitOnlyWithoutHex(t *testing.T) {
	sc, err := scenario.Load(gpw.Data, "scenarios/adc2/campaign.toml", gpw.Data)
	if err != nil {
		t.Fatal(err)
	}
	var g *game.Game
	warned := 0
	moscow := -1
	g, err = game.New(sc, game.Options{Rules: "adc2", Seed: 3, SeedSet: true}, gpw.Data, func(e game.Event) {
		if e.Kind == "phase" && g.TurnName(g.Turn().Index) == "Jul 1941" {
			c, _ := g.S.Map.FindCity("Moscow")
			switch {
			case g.Phase().ID == "soviet-reinforcement" && g.S.Control[c.Hex] == core.Soviet:
				g.S.Control[c.Hex], moscow = core.Axis, c.Hex
			case moscow >= 0:
				g.S.Control[moscow], moscow = core.Soviet, -1
			}
		}
		w, _ := e.Get("warning").(string)
		if !strings.Contains(w, "wait to be placed") {
			return
		}
		warned++
		side := g.Phase().Side
		for _, k := range g.Waiting(side) {
			if hs := g.PlaceHexes(k); len(hs) > 0 {
				t.Errorf("%s %s: %s waits, yet %d hexes take it", g.TurnName(g.Turn().Index), side, g.S.Units[k].ID, len(hs))
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	turns := 2
	a, err1 := ForGame(g, core.Axis, "normal")
	s, err2 := ForGame(g, core.Soviet, "normal")
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	if err := PlayGame(g, a, s, turns, nil); err != nil {
		t.Fatal(err)
	}
	if warned == 0 {
		t.Errorf("no reinforcement phase ended with units waiting: Moscow was not the Axis's when the leaders came")
	}
}
