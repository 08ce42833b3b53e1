package game

import (
	"strings"
	"testing"
)

// TestAllowanceReasons: a move refused for want of movement points says
// why the allowance is what it is, citing the rule: the module's reason
// and rule when its allowance hook changed it, the engine's halvings
// otherwise.
func TestAllowanceReasons(t *testing.T) {
	tired := writeModule(t, "tired.lua", `local R = require("base")
R.id = "tired"
function R.allowance(u, mp, phase)
  if u.kind == "cavalry" then return math.floor(mp / 2), "tired horses: half allowance", "House: Tired horses" end
  return mp
end
return R
`)
	units := us("g axis infantry 6/3 4 B-0105", "c soviet cavalry 4/2 4 B-1505", "s soviet infantry 8/4 6 B-1405")
	runHouseCases(t, tired, []houseCase{
		{ruleCase: ruleCase{name: "module-path", phase: "soviet-general", units: units, script: "move c B-1605 B-1705 B-1805",
			refuse: []string{"entering B-1805 costs 1 MP and only 0 of 2 are left: the allowance is 2: tired horses: half allowance (House: Tired horses)"}}},
		{ruleCase: ruleCase{name: "module-destination", phase: "soviet-general", units: units, script: "move c B-1905",
			refuse: []string{"c cannot reach B-1905 this phase with 2 MP: the allowance is 2: tired horses: half allowance (House: Tired horses)"}}},
		{ruleCase: ruleCase{name: "module-ok", phase: "soviet-general", units: units, script: "move c B-1605 B-1705"},
			lines: []string{"move: c moves B-1505 → B-1605 B-1705, 2 of 2 MP (tired horses: half allowance: House: Tired horses)"}},
		{ruleCase: ruleCase{name: "engine-unchanged", phase: "soviet-general", units: units, script: "move s B-1305 B-1205 B-1105 B-1005 B-0905 B-0805 B-0705",
			refuse: []string{"entering B-0705 costs 1 MP and only 0 of 6 are left (GDW: Movement)"}}},
	})
	// out of supply (cut off by a lake line and g in its gap) and mud: the
	// engine's halvings, with their rules
	runHouseCases(t, "gdw", []houseCase{
		{ruleCase: ruleCase{name: "out-of-supply", phase: "soviet-general", mapx: lakeColumn(16, 5), units: us("g axis infantry 6/3 6 B-1605", "s soviet infantry 8/4 6 B-1105"),
			script: "move s B-1005 B-0905 B-0805 B-0705",
			refuse: []string{"entering B-0705 costs 1 MP and only 0 of 3 are left: the allowance of 6 is halved: out of supply (GDW: Supply) (GDW: Movement)"}}},
		{ruleCase: ruleCase{name: "mud", start: "Mar/Apr 1942", phase: "soviet-general", dice: []int{1}, units: us("g axis infantry 6/3 6 B-0105", "s soviet infantry 8/4 6 B-1105"),
			script: "move s B-1005 B-0905 B-0805 B-0705",
			refuse: []string{"entering B-0705 costs 1 MP and only 0 of 3 are left: the allowance of 6 is halved: mud (GDW: Weather) (GDW: Movement)"}}},
	})
}

// TestCitationsFollowTheVariant: the status, reach and odds preview cite
// the rules in force, not GDW's under another book.
func TestCitationsFollowTheVariant(t *testing.T) {
	for _, v := range []struct{ variant, move, combat, book string }{
		{"gdw", "soviet-general", "soviet-combat", "GDW"},
		{"adc2", "soviet-move2", "soviet-combat", "ADC2"},
	} {
		t.Run(v.variant, func(t *testing.T) {
			units := us("g axis infantry 4/2 4 B-1005", "s soviet infantry 12/6 6 B-1105")
			c := ruleCase{name: "cite", phase: v.move, variant: v.variant, units: units}
			g, _ := newTestGame(t, c.toml(), Options{})
			r, err := g.ReachOf("s")
			if err != nil {
				t.Fatal(err)
			}
			texts := []string{g.Status().String(), r.String()}
			c.phase = v.combat
			g, _ = newTestGame(t, c.toml(), Options{})
			p, err := g.Preview("B-1005", []string{"B-1105"})
			if err != nil {
				t.Fatal(err)
			}
			texts = append(texts, p.String())
			for _, text := range texts {
				if !strings.Contains(text, "("+v.book+": ") {
					t.Errorf("%s cites no %s rule:\n%s", v.variant, v.book, text)
				}
				if v.book != "GDW" && strings.Contains(text, "GDW") {
					t.Errorf("%s cites GDW:\n%s", v.variant, text)
				}
			}
		})
	}
}
