package game

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"gpw"
	"gpw/interp"
)

// lakeColumn fills column col of the test board with lake but for the
// rows given: a line the supply trace can cross only there.
func lakeColumn(col int, open ...int) string {
	var hs []string
	for r := 1; r <= 10; r++ {
		if !slices.Contains(open, r) {
			hs = append(hs, fmt.Sprintf("%q", fmt.Sprintf("B-%02d%02d", col, r)))
		}
	}
	return "[map.terrain]\nlake = [" + strings.Join(hs, ", ") + "]\n"
}

// TestHouseSariegoWeather: the weather comes on 1-4 in Mar/Apr and
// Nov/Dec and on 1-5 in Jan/Feb; Sep/Oct keeps GDW's 1-3 (three lines of
// data: R.calendar[i].roll).
func TestHouseSariegoWeather(t *testing.T) {
	rules := houseRules(t, "sariego.lua")
	for _, tc := range []struct {
		start string
		die   int
		gdw   string
		house string
	}{
		{"Mar/Apr 1942", 4, "weather roll 4: clear for axis-panzer (GDW: Weather)", "weather roll 4: mud for axis-panzer (House: Weather (Sariego))"},
		{"Nov/Dec 1941", 4, "weather roll 4: clear for axis-panzer (GDW: Weather)", "weather roll 4: snow for axis-panzer (House: Weather (Sariego))"},
		{"Jan/Feb 1942", 5, "weather roll 5: clear for axis-panzer (GDW: Weather)", "weather roll 5: snow for axis-panzer (House: Weather (Sariego))"},
		{"Jan/Feb 1942", 6, "weather roll 6: clear for axis-panzer (GDW: Weather)", "weather roll 6: clear for axis-panzer (House: Weather (Sariego))"},
		{"Sep/Oct 1941", 4, "weather roll 4: clear for axis-panzer (GDW: Weather)", "weather roll 4: clear for axis-panzer (House: Weather (Sariego))"},
	} {
		c := ruleCase{name: tc.start, start: tc.start, phase: "axis-panzer", dice: []int{tc.die}, units: us("g axis infantry 6/3 4 B-0105", "s soviet infantry 8/4 6 B-1505")}
		runHouse(t, "gdw", houseCase{ruleCase: c, lines: []string{"weather: " + tc.gdw}})
		runHouse(t, rules, houseCase{ruleCase: c, lines: []string{"weather: " + tc.house}})
	}
}

// TestHouseSariegoIsolation: a unit out of supply as its player turn
// begins is isolated; out of supply a turn later it surrenders on 1-3 and
// holds out on 4-6; back in supply it is no longer isolated.
func TestHouseSariegoIsolation(t *testing.T) {
	rules := houseRules(t, "sariego.lua")
	// g in B-1605, the only gap in a lake line, cuts s off from the Soviet edge
	pocket := lakeColumn(16, 5)
	cut := us("g axis infantry 6/3 6 B-1605", "s soviet infantry 8/4 6 B-1105", "t soviet infantry 8/4 6 B-1909")
	ten := strings.Repeat("\nend", 10)
	runHouseCases(t, rules, []houseCase{
		{ruleCase: ruleCase{name: "surrenders", phase: "soviet-reinforcement", mapx: pocket, units: cut, dice: []int{3}, script: ten,
			check: func(t *testing.T, g *Game) { at(t, g, "s", "-"); at(t, g, "t", "B-1909") }},
			lines: []string{"isolated: s is out of supply: isolated (House: Isolation (Sariego))", "phase: Aug 1941: axis-reinforcement",
				"phase: Aug 1941: soviet-reinforcement", "eliminated: s is eliminated",
				"surrender: s, isolated since Jul 1941, surrenders on a die of 3 (House: Isolation (Sariego))"}},
		{ruleCase: ruleCase{name: "holds-out", phase: "soviet-reinforcement", mapx: pocket, units: cut, dice: []int{4}, script: ten,
			check: func(t *testing.T, g *Game) { at(t, g, "s", "B-1105"); flagIs(t, g, "s", "isolated", "Jul 1941") }},
			lines: []string{"isolated: s is out of supply: isolated (House: Isolation (Sariego))",
				"phase: Aug 1941: soviet-reinforcement", "holds: s, isolated, holds out on a die of 4 (House: Isolation (Sariego))"}},
		// g leaves the gap in the Axis general movement phase: s is in supply again
		{ruleCase: ruleCase{name: "relieved", phase: "soviet-reinforcement", mapx: pocket, units: cut, script: strings.Repeat("\nend", 9) + "\nmove g B-1807\nend",
			check: func(t *testing.T, g *Game) { at(t, g, "s", "B-1105"); flagIs(t, g, "s", "isolated", "") }},
			lines: []string{"isolated: s is out of supply: isolated (House: Isolation (Sariego))", "move: g moves B-1605 → B-1706 B-1806 B-1807, 3 of 6 MP",
				"phase: Aug 1941: soviet-reinforcement"}},
		// the Axis player's units are judged as the Axis player turn begins
		{ruleCase: ruleCase{name: "axis-too", phase: "soviet-general", units: us("g axis infantry 6/3 4 B-0505", "s soviet infantry 8/4 6 B-0105", "a soviet infantry 8/4 6 B-0405",
			"b soviet infantry 8/4 6 B-0605", "c soviet infantry 8/4 6 B-0504", "d soviet infantry 8/4 6 B-0506"), script: "end"},
			lines: []string{"phase: Aug 1941: axis-reinforcement", "isolated: g is out of supply: isolated (House: Isolation (Sariego))"}},
	})
}

// TestHouseSariegoFortify: the fortify command, its conditions and help;
// a fortified hex is a fortress for its side's defender (one column left,
// and it may stand on a DR); an enemy unit entering it razes it.
func TestHouseSariegoFortify(t *testing.T) {
	rules := houseRules(t, "sariego.lua")
	const rule = " (House: Fortifications (Sariego))"
	units := us("g axis panzer 24/12 8 B-0705", "h axis infantry 6/3 4 B-1808", "x axis infantry 6/3 4 B-0305",
		"s soviet infantry 8/4 6 B-1005", "s2 soviet infantry 8/4 6 B-1503", "s3 soviet infantry 8/4 6 B-1507", "s4 soviet infantry 8/4 6 B-1510",
		"s5 soviet infantry 8/4 6 B-1908", "s6 soviet infantry 8/4 6 B-0108")
	toAxisCombat := "\nend\nend\nend\nend\nend\nend\nend\nmove g B-0905\nend\n"
	runHouseCases(t, rules, []houseCase{
		{ruleCase: ruleCase{name: "conditions", phase: "soviet-reinforcement", mapx: lakeColumn(3, 5), units: units,
			script: "fortify B-0705\nfortify B-1005\nfortify B-1005\nfortify B-1908\nfortify B-0108\nfortify B-1503\nfortify B-1507\nfortify B-1510\nfortify\nend\nfortify B-1510",
			refuse: []string{"B-0705 holds no soviet combat unit" + rule, "B-1005 is fortified already" + rule, "B-1908 is in an enemy zone of control" + rule,
				"s6 in B-0108 is not in supply" + rule, "the soviet player has built its 3 fortifications" + rule, "usage: fortify HEX" + rule,
				"fortifications are built in your reinforcement phase" + rule},
			check: func(t *testing.T, g *Game) {
				hi, err := g.HexInfo("B-1005")
				if err != nil {
					t.Fatal(err)
				}
				if !strings.Contains(hi.String(), "  fortification of soviet\n") {
					t.Errorf("show B-1005 does not show the fortification:\n%s", hi)
				}
				if got := fmt.Sprint(g.Marks(interp.ScopeSide, 1)); got != "[fortifications built 3]" {
					t.Errorf("soviet side marks %s", got)
				}
				if a := g.Actions(); len(a.Module) != 1 || a.Module[0].Word != "fortify" || !strings.HasPrefix(a.Module[0].Help, "fortify HEX: ") {
					t.Errorf("the legal actions list %+v as the module's commands", a.Module)
				}
			}},
			lines: []string{"fortify: the soviet player fortifies B-1005 (1 of 3)" + rule, "fortify: the soviet player fortifies B-1503 (2 of 3)" + rule,
				"fortify: the soviet player fortifies B-1507 (3 of 3)" + rule}},
		// 24 against 8 is 3:1, the fortification one column left: 2:1, die 1: DR; s stands
		{ruleCase: ruleCase{name: "stands", phase: "soviet-reinforcement", units: units, dice: []int{1},
			script: "fortify B-1005" + toAxisCombat + "attack B-1005 from B-0905\nstand",
			check:  func(t *testing.T, g *Game) { at(t, g, "s", "B-1005"); strength(t, g, "s", 4) }},
			lines: []string{"combat: s attacked: 24 against 8 = 3:1 (fortification: B-1005 counts as a fortress; fortress city -1), column 2:1, die 1: DR",
				"stand: s stands and loses a step instead of retreating"}},
		{ruleCase: ruleCase{name: "razed", phase: "soviet-reinforcement", units: units, dice: []int{1},
			script: "fortify B-1005" + toAxisCombat + "attack B-1005 from B-0905\nnostand\nretreat B-1105 B-1205\nadvance g",
			check: func(t *testing.T, g *Game) {
				if m := g.Marks(interp.ScopeHex, mustHex(t, g, "B-1005")); len(m) != 0 {
					t.Errorf("B-1005 still holds %v", m)
				}
			}},
			lines: []string{"advance: g advances B-0905 → B-1005", "razed: g razes the soviet fortification in B-1005" + rule}},
		// without it, the same attack is 3:1, die 1: DR, and no stand
		{ruleCase: ruleCase{name: "unfortified", phase: "soviet-reinforcement", units: units, dice: []int{1}, script: toAxisCombat + "attack B-1005 from B-0905\nstand",
			refuse: []string{"stand is not the decision pending: the attacker chooses the retreat of s"}},
			lines: []string{"combat: s attacked: 24 against 8 = 3:1, column 3:1, die 1: DR"}},
	})
	if h := mustRules(t, rules).Help("fortify"); !strings.HasPrefix(h, "fortify HEX: ") {
		t.Errorf("help for fortify: %q", h)
	}
	for _, f := range []string{"sariego.lua", "initiative.lua"} {
		if l := mustRules(t, houseRules(t, f)).Lint(); len(l) > 0 {
			t.Errorf("%s: gpw check would report %q", f, l)
		}
	}
}

func mustRules(t *testing.T, file string) *interp.Module {
	t.Helper()
	m, err := interp.Compile(file, gpw.Data, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestWeatherAsData: rules/base.lua applies the weather's attack_half and
// shift as the module's data say, and a calendar roll outside a die is
// refused as the module loads.
func TestWeatherAsData(t *testing.T) {
	snow := writeModule(t, "snowhalf.lua", `local R = require("base")
R.id = "snowhalf"
R.weather.snow.attack_half, R.weather.snow.shift = true, nil
return R
`)
	c := ruleCase{name: "snow", start: "Jan/Feb 1942", phase: "soviet-combat", dice: []int{1}, auto: true,
		units: us("g axis infantry 4/2 4 B-1005", "s soviet infantry 12/6 6 B-1105"), script: "attack B-1005 from B-1105"}
	runHouse(t, "gdw", houseCase{ruleCase: c, lines: []string{"combat: g attacked: 12 against 4 = 3:1 (snow -1), column 2:1, die 1: DR"}})
	runHouse(t, snow, houseCase{ruleCase: c, lines: []string{"combat: g attacked: 6 against 4 = 1:1 (snow: attack factors halved), column 1:1, die 1: DR"}})
	bad := writeModule(t, "badroll.lua", "local R = require(\"base\")\nR.id = \"badroll\"\nR.calendar[1].roll = 7\nreturn R\n")
	if _, err := interp.Compile(bad, gpw.Data, "", nil); err == nil || !strings.Contains(err.Error(), "calendar[1] (Jan/Feb): roll 7 is not a die of 0 to 6") {
		t.Errorf("a roll of 7: %v", err)
	}
}
