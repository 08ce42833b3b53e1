package game

import "testing"

// TestHouseRetreat plays the rulebook's worked combat example (Soviets at
// B-1503, B-1602 and B-1703 attack the forest behind a river at B-1603;
// die 2 at 2:1 is DR) under GDW and under rules/house/retreat.lua. GDW
// lets the attacker route the retreat through two zones of control, which
// eliminates the full-strength defender; the house rule refuses that path
// and takes the free one the book's example uses.
func TestHouseRetreat(t *testing.T) {
	example := ruleCase{phase: "soviet-combat", dice: []int{2},
		mapx: "[map.terrain]\nforest = [\"B-1603\"]\n[[map.river]]\n" +
			"sides = [[\"B-1603\", \"B-1503\"], [\"B-1603\", \"B-1602\"], [\"B-1603\", \"B-1703\"]]",
		units: us("g axis infantry 6/3 4 B-1603", "a soviet infantry 6/3 6 B-1503",
			"b soviet infantry 8/4 6 B-1602", "c soviet tank 14/7 8 B-1703")}

	gdw := example
	gdw.name = "gdw/retreat-free-choice"
	gdw.script = "attack B-1603 from B-1503 B-1602 B-1703\nretreat B-1704 B-1803"
	gdw.want = []string{"combat result=DR", "retreat unit=g path=B-1704,B-1803 losses=2"}
	playCase(t, gdw, Options{})

	house := example
	house.name = "house/retreat-fewest-zoc"
	house.script = "attack B-1603 from B-1503 B-1602 B-1703\nretreat B-1704 B-1803\nretreat B-1604 B-1605"
	house.want = []string{"combat result=DR", "retreat unit=g path=B-1604,B-1605 losses=0"}
	house.refuse = []string{"not a legal retreat"}
	g, _ := playCase(t, house, Options{Rules: houseRules(t, "retreat.lua")})
	at(t, g, "g", "B-1605")
	strength(t, g, "g", 6)
}
