package game

import (
	"testing"

	"gpw/core"
	"gpw/interp"
)

// benchModuleActions lists the module commands' uses (R.uses) in the
// campaign's first phase of kind for the Axis, under ADC2.
func benchModuleActions(b *testing.B, kind interp.PhaseKind) {
	g := campaign(b, "adc2")
	endUntil(b, g, core.Axis, kind)
	n := 0
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		ms, err := g.ModuleActions()
		if err != nil {
			b.Fatal(err)
		}
		n = 0
		for _, m := range ms {
			n += len(m.Uses)
		}
	}
	b.ReportMetric(float64(n), "uses")
}

func BenchmarkModuleActionsCombatADC2(b *testing.B) { benchModuleActions(b, "combat") }
func BenchmarkModuleActionsMoveADC2(b *testing.B)   { benchModuleActions(b, "move") }
