package game

import (
	"testing"

	"gpw"
	"gpw/core"
)

// TestAutoSetupHoldsObjectives: the automatic setup of every shipped
// scenario leaves no victory city or fortress empty that lies in a setup
// area of the side controlling it (Odessa in Barbarossa, Königsberg and
// Warsaw in the campaign).
func TestAutoSetupHoldsObjectives(t *testing.T) {
	n := 0
	for _, name := range []string{"gdw/barbarossa", "gdw/campaign", "adc2/campaign", "gdw/stalingrad", "gdw/kursk", "gdw/bagration", "gdw/fall-blau"} {
		sc := loadBuiltin(t, name)
		g, err := New(sc, Options{AutoSetup: true}, gpw.Data, func(Event) {})
		if err != nil {
			t.Fatal(err)
		}
		m := g.S.Map
		for h := 0; h < m.Len(); h++ {
			c, ok := m.City(h)
			if !ok || !(c.Kind == core.Fortress || g.victoryCity(c.Name)) {
				continue
			}
			for _, st := range sc.Setup {
				if st.Area != nil && st.Area.Has(h) && st.SideV == g.S.Control[h] {
					n++
					if g.S.Occupant(h) < 0 {
						t.Errorf("%s: %s (%s) is empty after the automatic setup", name, c.Name, m.ID(h))
					}
					break
				}
			}
		}
	}
	if n < 20 {
		t.Errorf("only %d objectives in setup areas checked", n)
	}
}
