package game

import (
	"fmt"
	"strings"
	"testing"

	"gpw/core"
)

// Rule clauses the engine once misapplied, each stated in a case that
// failed before the fix (docs/rules-coverage.md names them).

// controlIs asserts the side controlling hex.
func controlIs(t *testing.T, g *Game, hex string, want core.Side) {
	t.Helper()
	h, err := g.S.Map.ParseHex(hex)
	if err != nil {
		t.Fatal(err)
	}
	if got := g.S.Control[h]; got != want {
		t.Errorf("%s is controlled by %v, want %v", hex, got, want)
	}
}

// ADC2: Control of Hexes: a hex is controlled by the side that last
// occupied it with a combat unit. A leader passing through (or set up
// in) rail hexes leaves them Soviet, so a Soviet unit may rail through
// them; a partisan entering an Axis hex leaves it Axis.
func TestADC2Control(t *testing.T) {
	var row []string
	for c := 1; c <= 20; c++ {
		row = append(row, fmt.Sprintf("\"B-%02d01\"", c))
	}
	line := "[[map.rail]]\nhexes = [" + strings.Join(row, ", ") + "]\n"
	runADC2(t, []ruleCase{
		{name: "adc2/control-combat-units-only", phase: "axis-move2", mapx: line + "[map.control]\naxis = [\"B-0605\"]\n",
			units:  au("l axis leader 0/0 2 B-1101", "radius=3") + us("a soviet infantry 8/4 6 B-1601", "p soviet partisan 1/0 4 B-0505"),
			script: "move l B-1201 B-1301\nend\nend\nrail a B-1001\nend\nend\nend\nmove p B-0605",
			want:   []string{"move unit=l path=B-1201,B-1301", "rail unit=a path=B-1501,B-1401,B-1301,B-1201,B-1101,B-1001", "move unit=p path=B-0605"},
			check: func(t *testing.T, g *Game) {
				controlIs(t, g, "B-0605", core.Axis)
				controlIs(t, g, "B-1301", core.Soviet)
			}},
		// a combat unit does take control: the Axis infantry passing
		// B-1201 makes it Axis, and the Soviet rail move may not pass it
		{name: "adc2/control-by-a-combat-unit", phase: "axis-move2", mapx: line,
			units:  us("g axis infantry 6/3 4 B-1102", "a soviet infantry 8/4 6 B-1601"),
			script: "move g B-1201 B-1202 B-1203\nend\nend\nrail a B-1001",
			refuse: []string{"B-1201 lies on the way and is not friendly to the soviet player"},
			check:  func(t *testing.T, g *Game) { controlIs(t, g, "B-1201", core.Axis) }},
	})
}

// ADC2: Supply: a supply path may not pass through an enemy ZOC unless a
// friendly combat unit occupies the hex: B-0405, the one gap in the lake
// wall, lies in g's ZOC; a partisan there does not open it, an infantry
// army or an airborne unit (a combat unit for stacking) does.
func TestADC2SupplyThroughZOC(t *testing.T) {
	cases := []ruleCase{ // units: the unit in B-0405
		{name: "adc2/supply-partisan-does-not-open-zoc", units: "p soviet partisan 1/0 4 B-0405", want: []string{"move unit=a allowance=3"}},
		{name: "adc2/supply-combat-unit-opens-zoc", units: "b soviet infantry 8/4 6 B-0405", want: []string{"move unit=a allowance=6"}},
		{name: "adc2/supply-airborne-opens-zoc", units: "ab soviet airborne 3/1 6 B-0405", want: []string{"move unit=a allowance=6"}},
	}
	for i := range cases {
		c := &cases[i]
		c.phase, c.mapx, c.script = "soviet-move2", wall(true, "lake"), "move a B-0204 B-0203 B-0202"
		c.units = us("a soviet infantry 8/4 6 B-0205", c.units, "c soviet infantry 8/4 6 B-0305", "g axis infantry 6/3 4 B-0306")
	}
	runADC2(t, cases)
}

// ADC2: Retreat: a retreat may not end in violation of the stacking
// limits (one combat unit with at most one airborne unit; two airborne
// units alone): it goes farther. The pocket leaves B-0905 B-0805 as the
// only two-hex retreat of g, attacked from B-1105.
func TestADC2RetreatStacking(t *testing.T) {
	cases := []ruleCase{ // units: g and what stands in B-0805
		{name: "adc2/retreat-not-onto-two-airborne",
			units: us("g axis infantry 6/3 4 B-1005", "ab1 axis airborne 3/1 6 B-0805", "ab2 axis airborne 3/1 6 B-0805")},
		{name: "adc2/retreat-airborne-not-onto-a-full-stack",
			units: us("g axis airborne 6/3 4 B-1005", "f axis infantry 6/3 4 B-0805", "ab axis airborne 3/1 6 B-0805")},
		{name: "adc2/retreat-airborne-onto-a-combat-unit",
			units:  us("g axis airborne 6/3 4 B-1005", "f axis infantry 6/3 4 B-0805"),
			script: "attack B-1005 from B-1105\nretreat B-0905 B-0805",
			want:   []string{"combat result=DR", "retreat unit=g path=B-0905,B-0805 losses=0"}},
	}
	for i := range cases {
		c := &cases[i]
		c.phase, c.dice = "soviet-combat", []int{1}
		c.mapx = "[map.terrain]\nlake = [\"B-1004\", \"B-1006\", \"B-1104\", \"B-1106\", \"B-0906\", \"B-0904\", \"B-0804\", \"B-0706\"]"
		c.units += u("a soviet tank 18/9 8 B-1105")
		if c.script == "" {
			c.script = "attack B-1005 from B-1105\nretreat B-0905 B-0805\nretreat B-0905 B-0805 B-0705"
			c.want = []string{"combat result=DR", "retreat unit=g path=B-0905,B-0805,B-0705 losses=0"}
			c.refuse = []string{"not a legal retreat"}
		}
	}
	runADC2(t, cases)
}

// ADC2: Partisans: partisans in the ZOC of an Axis combat unit are
// eliminated throughout the Axis combat phase: g's advance after combat
// puts p in its ZOC, and p goes at once, in that phase.
func TestADC2PartisansThroughoutCombat(t *testing.T) {
	runADC2(t, []ruleCase{
		{name: "adc2/partisan-eliminated-after-advance", phase: "axis-combat", dice: []int{1}, auto: true,
			units:  us("s soviet infantry 4/2 6 B-0605", "g axis infantry 12/6 4 B-0505", "p soviet partisan 1/0 4 B-0705"),
			script: "attack B-0605 from B-0505",
			want:   []string{"combat result=DR", "retreat unit=s", "advance unit=g hex=B-0605", "loss unit=p strength=0 rule=ADC2:_Partisans"},
			check: func(t *testing.T, g *Game) {
				at(t, g, "p", "-")
				if id := g.Phase().ID; id != "axis-combat" {
					t.Errorf("phase %s, want axis-combat", id)
				}
			}},
	})
}

// ADC2: Allies: Hungary surrenders after 6 Hungarian combat units have
// been eliminated, at once: with no advance after the sixth loss, the next
// attack finds no Hungarian unit to attack.
func TestADC2HungarySurrendersAtOnce(t *testing.T) {
	hun6, kill6, dice6 := kills("h", "hun", 6)
	runADC2(t, []ruleCase{
		{name: "adc2/hungary-surrenders-at-the-sixth-loss", phase: "soviet-combat", dice: dice6,
			units:  hun6 + us("h9 axis infantry 6/3 4 B-1008 nation=hun", "t soviet tank 24/12 8 B-1108"),
			script: strings.ReplaceAll(kill6, "\n", "\nnoadvance\n") + "attack B-1008 from B-1108",
			want:   []string{"loss unit=h6 strength=0", "surrender nation=hun rule=ADC2:_Allies", "noadvance"},
			refuse: []string{"B-1008 holds no enemy unit"},
			check:  func(t *testing.T, g *Game) { at(t, g, "h9", "-"); at(t, g, "t", "B-1108") }},
	})
}

// ADC2: Combat Phase: a fortress hex gives one column; ADC2 does not make
// a capital a fortress besides its city (the map marks it a fortress), so
// Moscow gets the one shift, where GDW gives two.
func TestADC2CapitalShift(t *testing.T) {
	runADC2(t, []ruleCase{
		{name: "adc2/capital-fortress-one-shift", phase: "axis-combat", dice: []int{1}, auto: true,
			mapx:  city("B-1005", "Moscow", "fortress", "soviet"),
			units: us("s soviet infantry 4/2 6 B-1005", "a axis panzer 12/6 8 B-0905"), script: "attack B-1005 from B-0905",
			want: []string{"combat odds=3:1 column=2:1"}},
	})
}

// House CRT card: Retreat Routes: a route may not enter an enemy ZOC
// unless a friendly unit no longer under attack occupies the hex. Around
// g every hex is held by, or in the ZOC of, a or c; f holds B-0905, which
// opens the route B-0905 B-0804 (B-0804 is free of enemy ZOC): the DR is
// a retreat, not "surrounded", and a dw a withdrawal.
func TestHouseFrostRetreatThroughFriend(t *testing.T) {
	rules := houseRules(t, "frost.lua")
	units := us("g axis infantry 4/2 4 B-1005", "f axis infantry 4/2 4 B-0905", "c soviet infantry 2/1 6 B-0906")
	runHouseCases(t, rules, []houseCase{
		{ruleCase: ruleCase{name: "frost/friend-opens-retreat-route", phase: "soviet-combat", dice: []int{4},
			units: units + us("a soviet infantry 12/6 6 B-1105"), script: "attack B-1005 from B-1105\nretreat B-0905 B-0804\nnoadvance"},
			lines: []string{"combat: g attacked: 12 against 4 = 3:1, column 3:1, die 4: DR", "dispersed: g is dispersed", "retreat: g retreats B-0905 B-0804, 0 step(s) lost"}},
		{ruleCase: ruleCase{name: "frost/friend-opens-withdrawal", phase: "soviet-combat", dice: []int{4},
			units: units + us("a soviet infantry 6/3 6 B-1105"), script: "attack B-1005 from B-1105\nretreat B-0905 B-0804\nnoadvance",
			check: func(t *testing.T, g *Game) { at(t, g, "g", "B-0804"); flagIs(t, g, "g", "dispersed", "") }},
			lines: []string{"combat: g attacked: 6 against 4 = 3:2, column 3:2, die 4: dw", "retreat: g retreats B-0905 B-0804, 0 step(s) lost"}},
	})
}
