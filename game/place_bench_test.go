package game

import (
	"testing"

	"gpw/core"
)

// BenchmarkPlaceHexesADC2 lists where each Soviet unit off the map could
// enter in the Soviet reinforcement phase of the ADC2 campaign's first
// turn (every reinforcement to come, the air units and partisans trying
// every land hex): with place_limits (once per unit, the hexes checked in
// Go) and, for comparison, asking can_place about every hex as the
// engine did before.
func BenchmarkPlaceHexesADC2(b *testing.B) {
	g := campaign(b, "adc2")
	endUntil(b, g, core.Soviet, "reinforcement")
	var ks []int
	for k, u := range g.S.Units {
		if u.Side == core.Soviet && u.Status != core.OnMap {
			ks = append(ks, k)
		}
	}
	for _, c := range []struct {
		name string
		list func(k int) int
	}{
		{"limits", func(k int) int { return len(g.placeList(k, 0, "place", false)) }},
		{"per-hex", func(k int) int {
			n := 0
			seen := core.NewBitset(g.S.Map.Len())
			for _, h := range g.placeCandidates(k) {
				if !seen.Has(h) && g.placeOK(k, h, "place", false, nil) {
					n++
				}
				seen.Set(h)
			}
			return n
		}},
	} {
		b.Run(c.name, func(b *testing.B) {
			n := 0
			b.ReportAllocs()
			for range b.N {
				n = 0
				for _, k := range ks {
					n += c.list(k)
				}
			}
			if err := g.takeHookErr(); err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(len(ks)), "units")
			b.ReportMetric(float64(n), "hexes")
		})
	}
}
