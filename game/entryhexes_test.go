package game

import (
	"slices"
	"testing"

	"gpw"
	"gpw/core"
	"gpw/scenario"
)

// TestEntryHexes: the listing of where a unit may enter (EntryHexes: a
// reinforcement placed, an eliminated unit rebuilt) holds exactly the
// land hexes CanPlace allows, under GDW's entry rule (judged unworded)
// and ADC2's place_limits, in the Soviet reinforcement phase of the ADC2
// campaign's first turn after the first with reinforcements waiting with some armies eliminated; a unit that does
// not wait is refused.
func TestEntryHexes(t *testing.T) {
	sc, err := scenario.Load(gpw.Data, "scenarios/adc2/campaign.toml", gpw.Data)
	if err != nil {
		t.Fatal(err)
	}
	for _, rules := range []string{"gdw", "adc2"} {
		g, err := New(sc, Options{Rules: rules, AutoSetup: true, Auto: true, NoUndo: true}, gpw.Data, func(Event) {})
		if err != nil {
			t.Fatal(err)
		}
		for g.Turn().Index < 1 || g.Phase().Side != core.Soviet || g.Phase().Kind != "reinforcement" || len(g.Waiting(core.Soviet)) == 0 {
			if err := g.Exec("end"); err != nil {
				t.Fatal(err)
			}
		}
		taken := 0
		for k := range g.S.Units {
			if u := &g.S.Units[k]; taken < 4 && u.Side == core.Soviet && u.Status == core.OnMap && u.Stacks && k%3 == 0 {
				g.S.Take(k, core.Eliminated)
				taken++
			}
		}
		m := g.S.Map
		checked := map[string]int{}
		for k := range g.S.Units {
			u := &g.S.Units[k]
			how := ""
			switch {
			case u.Side != core.Soviet:
				continue
			case g.awaiting[k]:
				how = "place"
			case u.Status == core.Eliminated:
				how = "rebuild"
			case u.Status == core.OnMap && checked["on map"] == 0:
				checked["on map"]++
				if _, err := g.EntryHexes(k, "place"); !IsRefusal(err) {
					t.Errorf("%s: %s on the map listed for placement: %v", rules, u.ID, err)
				}
				continue
			default:
				continue
			}
			if checked[how] >= 6 {
				continue
			}
			checked[how]++
			hs, err := g.EntryHexes(k, how)
			if err != nil {
				t.Fatalf("%s: %s %s: %v", rules, how, u.ID, err)
			}
			var want []int
			for h := range m.Len() {
				if m.OnMap[h] && !m.Terrain[h].Water() && g.CanPlace(k, h, how) == nil {
					want = append(want, h)
				}
			}
			got := slices.Clone(hs)
			slices.Sort(got)
			if !slices.Equal(got, want) || len(want) == 0 && how == "rebuild" {
				t.Errorf("%s: %s %s: listed %d hexes, CanPlace allows %d", rules, how, u.ID, len(got), len(want))
			}
		}
		if checked["place"] == 0 || checked["rebuild"] == 0 {
			t.Errorf("%s: units checked %v: no reinforcement or no eliminated unit", rules, checked)
		}
	}
}
