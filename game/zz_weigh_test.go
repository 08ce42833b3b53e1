package game

import (
	"testing"

	"gpw/core"
)

func benchWeigh(b *testing.B, rules string) {
	g := campaign(b, rules)
	endUntil(b, g, core.Axis, "combat")
	t := g.Actions().Attacks[0]
	b.ResetTimer()
	for range b.N {
		if _, err := g.Weigh(t.Hex, t.Attackers); err != nil {
			b.Fatal(err)
		}
	}
}
func BenchmarkZZWeighGDW(b *testing.B)  { benchWeigh(b, "gdw") }
func BenchmarkZZWeighADC2(b *testing.B) { benchWeigh(b, "adc2") }
