package game

import (
	"sort"
	"testing"

	"gpw"
	"gpw/core"
)

// TestModuleUsesAreAccepted walks positions of random games under the
// modules that add commands and runs every use their enumerators
// (R.uses) list on a clone: each must be accepted, and each module's
// commands must be listed somewhere.
func TestModuleUsesAreAccepted(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, scenario, rules string
		want                  []string // words that must be listed at least once (ADC2 drop: when an airborne unit stands with an air unit, which random play seldom leaves)
	}{
		{"adc2", "adc2/campaign", "adc2", []string{"convert", "defend", "enter", "leader", "shock", "support", "transfer"}},
		{"sariego", "gdw/barbarossa", houseRules(t, "sariego.lua"), []string{"fortify"}},
		{"frost", "gdw/barbarossa", houseRules(t, "frost.lua"), []string{"exchange", "noretreat"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			g, err := New(loadBuiltin(t, c.scenario), Options{Rules: c.rules, NoUndo: true, AutoSetup: true}, gpw.Data, func(Event) {})
			if err != nil {
				t.Fatal(err)
			}
			seen := map[string]int{}
			for step := 0; !g.Over() && step < 1500; step++ {
				ms, err := g.ModuleActions()
				if err != nil {
					t.Fatal(err)
				}
				if step%5 == 0 {
					for _, m := range ms {
						for _, u := range m.Uses {
							seen[m.Word]++
							cl := g.Clone()
							if err := cl.Do(core.NoSide, UseCommand(u.Line)); err != nil {
								t.Fatalf("%s %s: listed use %q refused: %v", g.TurnName(g.turn), g.Phase().ID, u.Line, err)
							}
						}
					}
				}
				playFor(t, g, uint64(step), 1)
			}
			words := make([]string, 0, len(seen))
			for w := range seen {
				words = append(words, w)
			}
			sort.Strings(words)
			for _, w := range c.want {
				if seen[w] == 0 {
					t.Errorf("%s never listed (listed: %v)", w, words)
				}
			}
			t.Logf("uses tried: %v", seen)
		})
	}
}
