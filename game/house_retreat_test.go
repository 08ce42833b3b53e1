package game

import "testing"

// TestHouseRetreat plays the rulebook's worked combat example (Soviets at
// B-1503, B-1602 and B-1703 attack the forest behind a river at B-1603;
// die 2 at 2:1 is DR) under GDW, rules/house/retreat.lua and
// rules/house/freeretreat.lua. GDW as gpw reads it (GDW: Zones of Control
// / Combat: a step for a zone the unit is forced through; GDW: Terrain and
// Combat, the example: no loss with these three attackers) refuses the
// path through two zones of control and takes the free one the book's
// example uses, and so does the retreat.lua house rule; freeretreat.lua
// lets the attacker route the retreat through two zones, which eliminates
// the full-strength defender. With a fourth attacker in B-1704 every way
// out crosses a zone: the book's one step, not two.
func TestHouseRetreat(t *testing.T) {
	example := ruleCase{phase: "soviet-combat", dice: []int{2},
		mapx: "[map.terrain]\nforest = [\"B-1603\"]\n[[map.river]]\n" +
			"sides = [[\"B-1603\", \"B-1503\"], [\"B-1603\", \"B-1602\"], [\"B-1603\", \"B-1703\"]]",
		units: us("g axis infantry 6/3 4 B-1603", "a soviet infantry 6/3 6 B-1503",
			"b soviet infantry 8/4 6 B-1602", "c soviet tank 14/7 8 B-1703")}

	free := example
	free.name = "house/retreat-free-choice"
	free.script = "attack B-1603 from B-1503 B-1602 B-1703\nretreat B-1704 B-1803"
	free.want = []string{"combat result=DR", "retreat unit=g path=B-1704,B-1803 losses=2"}
	playCase(t, free, Options{Rules: houseRules(t, "freeretreat.lua")})

	for _, c := range []struct {
		name, rules string
	}{{"gdw/retreat-fewest-zoc", ""}, {"house/retreat-fewest-zoc", "retreat.lua"}} {
		fewest := example
		fewest.name = c.name
		fewest.script = "attack B-1603 from B-1503 B-1602 B-1703\nretreat B-1704 B-1803\nretreat B-1604 B-1605"
		fewest.want = []string{"combat result=DR", "retreat unit=g path=B-1604,B-1605 losses=0"}
		fewest.refuse = []string{"not a legal retreat"}
		o := Options{}
		if c.rules != "" {
			o.Rules = houseRules(t, c.rules)
		}
		g, _ := playCase(t, fewest, o)
		at(t, g, "g", "B-1605")
		strength(t, g, "g", 6)
	}

	// the second half of the example: a fourth Soviet unit beside the
	// retreat (B-1704 stands in for the book's B-1705, as in
	// scenarios/rulebook/combat-zoc-retreat.toml) leaves no free way out;
	// GDW takes the one step, and refuses a path through two zones
	fourth := example
	fourth.name = "gdw/retreat-one-zoc"
	fourth.units = us("g axis infantry 6/3 4 B-1603", "a soviet infantry 6/3 6 B-1503",
		"b soviet infantry 8/4 6 B-1602", "c soviet tank 14/7 8 B-1703", "d soviet infantry 6/3 6 B-1704")
	fourth.script = "attack B-1603 from B-1503 B-1602 B-1703 B-1704\nretreat B-1604 B-1705\nretreat B-1604 B-1605"
	fourth.want = []string{"combat result=DR", "retreat unit=g path=B-1604,B-1605 losses=1"}
	fourth.refuse = []string{"not a legal retreat"}
	g, _ := playCase(t, fourth, Options{})
	strength(t, g, "g", 3)
}
