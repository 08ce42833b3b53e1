package bot

import (
	"strings"
	"testing"

	"gpw/game"
)

// TestReinforceLeaders: under ADC2 a leader enters only in its capital
// (ADC2: Leaders), a hex the bot's front-line scores rank far down. The
// bot places every reinforcement the engine has a hex for, leaders
// included, so no reinforcement phase ends with one left waiting while
// Berlin is held, and the replacement points are spent on rebuilding.
func TestReinforceLeaders(t *testing.T) {
	t.Parallel()
	g, log, _ := match(t, "scenarios/adc2/campaign.toml", "adc2", 1, "normal", "normal", 5)
	phase := ""
	for _, e := range log {
		if p, ok := e.Get("phase").(string); ok && e.Kind == game.EventPhase {
			phase = p
		}
		// the Axis phases: a Soviet leader may find Moscow lost
		if w, _ := e.Get("warning").(string); strings.Contains(w, "wait to be placed") && strings.HasPrefix(phase, "axis") {
			t.Errorf("%s: %s", phase, w)
		}
	}
	for _, id := range []string{"ldr-manstein", "ldr-kluge"} {
		s := g.Position()
		k, ok := s.UnitByID(id)
		if !ok {
			t.Fatalf("no unit %s", id)
		}
		if s.Units[k].Hex < 0 {
			t.Errorf("%s is not on the map", id)
		}
	}
}
