package game

import (
	"fmt"
	"strings"
	"testing"

	"gpw/core"
)

// ADC2 rule-clause tests: each case is a small scenario and script played
// under --rules adc2 (rules/adc2.lua), in the format of rules_test.go.
// docs/rules-coverage.md (ADC2 section) names every case.

// adc2 makes a case play under the ADC2 rules.
func adc2(c ruleCase) ruleCase {
	c.variant = "adc2"
	return c
}

// au writes a [[unit]] like u, with extra numeric counter values
// (radius=3, range=6, shift=1) written as numbers.
func au(spec string, nums ...string) string {
	s := u(spec)
	for _, kv := range nums {
		k, v, _ := strings.Cut(kv, "=")
		s += fmt.Sprintf("%s = %s\n", k, v)
	}
	return s
}

func country(name string, hexes ...string) string {
	return fmt.Sprintf("[[map.country]]\nname = %q\nhexes = [\"%s\"]\n", name, strings.Join(hexes, "\", \""))
}

func runADC2(t *testing.T, cases []ruleCase) {
	t.Helper()
	for i := range cases {
		cases[i] = adc2(cases[i])
	}
	runCases(t, cases)
}

func TestADC2Sequence(t *testing.T) {
	runADC2(t, []ruleCase{
		{name: "adc2/ten-phases", phase: "soviet-move2",
			script: strings.Repeat("end\n", 10),
			want: []string{"phase phase=axis-reinforcement turn=Aug_1941", "phase phase=axis-rail", "phase phase=axis-move1", "phase phase=axis-combat", "phase phase=axis-move2",
				"phase phase=soviet-reinforcement", "phase phase=soviet-rail", "phase phase=soviet-move1", "phase phase=soviet-combat", "phase phase=soviet-move2"}},
		{name: "adc2/move1-circled-mp", phase: "axis-move1",
			units:  us("inf axis infantry 6/3 4 B-0205", "pz axis panzer 10/5 8 B-0207", "cav axis cavalry 4/2 6 B-0209", "mtn axis mountain 4/2 4 B-0202"),
			script: "move inf B-0305\nmove pz B-0307 B-0407\nmove cav B-0309\nmove mtn B-0302",
			want:   []string{"move unit=pz", "move unit=cav"},
			refuse: []string{"(ADC2: Unit Capabilities)", "has no circled MP"}},
		{name: "adc2/move2-everyone", phase: "axis-move2",
			units:  us("inf axis infantry 6/3 4 B-0205", "pz axis panzer 10/5 8 B-0207"),
			script: "move inf B-0305 B-0405\nmove pz B-0307 B-0407",
			want:   []string{"move unit=inf mp=2", "move unit=pz mp=2"}},
		{name: "adc2/shock-army-one-hex", phase: "soviet-move1",
			units:  us("sh soviet shock 10/5 6 B-1505", "sh2 soviet shock 10/5 6 B-1507", "inf soviet infantry 8/4 6 B-1509"),
			script: "move sh B-1405 B-1305\nmove sh B-1405\nmove sh2 B-1407\nmove inf B-1409",
			want:   []string{"move unit=sh path=B-1405 mp=1 allowance=1", "move unit=sh2 mp=1"},
			refuse: []string{"MP and only", "no circled MP"}},
		{name: "adc2/moved-once-per-phase", phase: "axis-move2",
			units:  us("inf axis infantry 6/3 4 B-0205"),
			script: "move inf B-0305\nmove inf B-0405",
			want:   []string{"move unit=inf"}, refuse: []string{"already moved in this phase (ADC2: Movement Phases)"}},
		{name: "adc2/weather-each-movement-phase", phase: "axis-move1", start: "Nov/Dec 1941", dice: []int{2, 5, 3},
			units:  us("pz axis panzer 10/5 8 B-0207"),
			script: "move pz B-0307 B-0407\nend\nend\nend\nend\nend\nend",
			want: []string{"weather phase=axis-move1 die=2 weather=snow rule=ADC2:_Weather", "move unit=pz mp=4", "weather phase=axis-move2 die=5 weather=clear",
				"weather phase=soviet-move1 die=3 weather=snow"}},
		{name: "adc2/weather-mud-halves-mp", phase: "soviet-move2", start: "Mar/Apr 1942", dice: []int{1},
			units:  us("inf soviet infantry 8/4 6 B-1505"),
			script: "move inf B-1405 B-1305 B-1205 B-1105",
			want:   []string{"weather weather=mud"}, refuse: []string{"MP and only"}},
	})
}

func TestADC2Shock(t *testing.T) {
	runADC2(t, []ruleCase{
		{name: "adc2/shock-attack", phase: "soviet-reinforcement", start: "Jan/Feb 1942", dice: []int{6, 6},
			units:  us("inf soviet infantry 8/4 6 B-1505", "gd soviet guards 12/6 6 B-1507"),
			script: "shock\nshock\nend\nend\nmove inf B-1405 B-1305\nmove inf B-1405\nmove gd B-1407",
			want:   []string{"shock side=soviet", "move unit=inf path=B-1405 allowance=1", "move unit=gd"},
			refuse: []string{"already announced", "MP and only"}},
		{name: "adc2/shock-once-a-year", phase: "soviet-reinforcement", start: "Mar/Apr 1942", dice: []int{6, 6},
			units:  us("inf soviet infantry 8/4 6 B-1505"),
			script: "shock\nend\nend\nend\nend\nend\nend\nend\nend\nend\nend\nshock\nend\nend\nmove inf B-1405",
			want:   []string{"shock side=soviet", "phase phase=soviet-reinforcement turn=May_1942"},
			refuse: []string{"already made this year's shock attack (ADC2: Shock Combat)", "no circled MP"}},
		{name: "adc2/shock-none-soviet-1941", phase: "soviet-reinforcement", start: "Aug 1941",
			script: "shock", refuse: []string{"may not conduct a shock attack in 1941"}},
		{name: "adc2/shock-none-axis-1944", phase: "axis-reinforcement", start: "Aug 1944", last: "May 1945",
			script: "shock", refuse: []string{"no shock attack in 1944"}},
		{name: "adc2/shock-axis-extra-first-turn", phase: "axis-reinforcement", start: "Jun 1941",
			script: "shock\nend\nend\nend\nend\nend\nend\nend\nend\nend\nend\nshock\n" + strings.Repeat("end\n", 10) + "shock",
			want:   []string{"shock side=axis extra=true", "shock side=axis extra=false"},
			refuse: []string{"already made this year's shock attack"}},
	})
}

func TestADC2Rail(t *testing.T) {
	var row []string
	for c := 1; c <= 20; c++ {
		row = append(row, fmt.Sprintf("\"B-%02d01\"", c))
	}
	line := "[[map.rail]]\nhexes = [" + strings.Join(row, ", ") + "]\n"
	axisLine := line + "[map.control]\naxis = [" + strings.Join(row[:10], ", ") + "]\n"
	var seven []string
	var moves []string
	for c := 1; c <= 7; c++ {
		seven = append(seven, fmt.Sprintf("r%d soviet infantry 8/4 6 B-%02d01", c, c))
		moves = append(moves, fmt.Sprintf("rail r%d B-%02d01", c, c+13))
	}
	runADC2(t, []ruleCase{
		{name: "adc2/rail-soviet-six-armies", phase: "soviet-rail", mapx: line,
			units: us(seven...), script: strings.Join(moves, "\n"),
			want:   []string{"rail unit=r1", "rail unit=r6 path=B-0701,B-0801,B-0901,B-1001,B-1101,B-1201,B-1301,B-1401,B-1501,B-1601,B-1701,B-1801,B-1901"},
			refuse: []string{"at most 6 units by rail in a phase (ADC2: Rail Movement Phase)"}},
		{name: "adc2/rail-axis-none-before-1942", phase: "axis-rail", start: "Nov/Dec 1941", mapx: axisLine,
			units: us("a axis infantry 6/3 4 B-0101"), script: "rail a B-0501",
			refuse: []string{"may not move by rail in Nov/Dec 1941 (ADC2: Rail Movement Phase)"}},
		{name: "adc2/rail-axis-two-corps", phase: "axis-rail", start: "Jan/Feb 1942", mapx: axisLine,
			units:  us("a axis infantry 6/3 4 B-0101", "b axis infantry 6/3 4 B-0201", "c axis infantry 6/3 4 B-0301"),
			script: "rail a B-0801\nrail b B-0701\nrail c B-0601",
			want:   []string{"rail unit=a", "rail unit=b"}, refuse: []string{"at most 2 units by rail"}},
		{name: "adc2/rail-not-through-enemy-zoc", phase: "soviet-rail", mapx: line,
			units:  us("a soviet infantry 8/4 6 B-2001", "g axis infantry 6/3 4 B-1502"),
			script: "rail a B-1101\nrail a B-1701",
			want:   []string{"rail unit=a path=B-1901,B-1801,B-1701"}, refuse: []string{"(ADC2: Rail Movement Phase)"}},
		{name: "adc2/rail-not-on-a-friend", phase: "soviet-rail", mapx: line,
			units:  us("a soviet infantry 8/4 6 B-2001", "b soviet infantry 8/4 6 B-1701"),
			script: "rail a B-1701\nrail a B-1501",
			want:   []string{"rail unit=a path=B-1901,B-1801,B-1701,B-1601,B-1501"}, refuse: []string{"B-1701"}},
	})
}

func TestADC2Combat(t *testing.T) {
	g4 := "g axis infantry 4/2 4 B-1005"
	swamp := "[map.terrain]\nswamp = [\"B-1005\"]"
	runADC2(t, []ruleCase{
		{name: "adc2/halving-rounded-up", phase: "soviet-combat", dice: []int{4}, mapx: swamp,
			units: us(g4, "a soviet tank 15/7 8 B-1105"), script: "attack B-1005 from B-1105",
			want: []string{"combat attack=8 defense=4 odds=2:1 column=2:1"}},
		{name: "adc2/halving-cumulative", phase: "soviet-combat", start: "Mar/Apr 1942", dice: []int{4}, mapx: swamp,
			units: us("g axis infantry 2/1 4 B-1005", "a soviet tank 13/6 8 B-1105"), script: "attack B-1005 from B-1105",
			want: []string{"combat attack=4 defense=2 odds=2:1"}},
		{name: "adc2/halving-fractions-kept-per-unit", phase: "soviet-combat", start: "Mar/Apr 1942", dice: []int{4},
			units: us("g axis infantry 3/1 4 B-1005", "a soviet tank 3/1 8 B-1105", "b soviet tank 3/1 8 B-1106"), script: "attack B-1005 from B-1105 B-1106",
			want: []string{"combat attack=3 defense=3 odds=1:1"}},
		{name: "adc2/odds-for-the-defender", phase: "soviet-combat", dice: []int{4},
			units: us(g4, "a soviet tank 11/5 8 B-1105"), script: "attack B-1005 from B-1105",
			want: []string{"combat attack=11 odds=2:1 column=2:1"}},
		{name: "adc2/straits-halved-no-shift", phase: "soviet-combat", dice: []int{4},
			mapx:  "straits = [[\"B-1005\", \"B-1105\"]]",
			units: us(g4, "a soviet infantry 12/6 6 B-1105"), script: "attack B-1005 from B-1105",
			want: []string{"combat attack=6 odds=1:1 column=1:1 shifts=[]"}},
		{name: "adc2/column-shifts", phase: "soviet-combat", start: "Jan/Feb 1942", dice: []int{4},
			mapx:  "[map.terrain]\nforest = [\"B-1005\"]\n[[map.river]]\nsides = [[\"B-1005\", \"B-1105\"]]",
			units: us(g4, "a soviet tank 24/12 8 B-1105"), script: "attack B-1005 from B-1105",
			want: []string{"combat odds=6:1 column=3:1"}},
		{name: "adc2/column-shifts-city", phase: "soviet-combat", dice: []int{4},
			mapx:  city("B-1005", "Fort", "fortress", "") + "[map.terrain]\nrough = [\"B-1005\"]",
			units: us(g4, "a soviet tank 16/8 8 B-1105"), script: "attack B-1005 from B-1105",
			want: []string{"combat odds=4:1 column=2:1"}},
		{name: "adc2/column-clamped", phase: "soviet-combat", start: "Jan/Feb 1942", dice: []int{4},
			mapx:  "[map.terrain]\nforest = [\"B-1005\"]",
			units: us(g4, "a soviet tank 5/2 8 B-1105"), script: "attack B-1005 from B-1105",
			want: []string{"combat odds=1:1 column=1:1"}},
		{name: "adc2/below-1-1-refused", phase: "soviet-combat", dice: []int{4},
			units:  us("g axis infantry 4/2 4 B-1005", "a soviet tank 5/2 8 B-1105"),
			script: "attack B-1005 from B-1105",
			mapx:   "[map.terrain]\nswamp = [\"B-1005\"]",
			refuse: []string{"attack 3 against defence 4 is below 1:1: the attack cannot be made (ADC2: Combat Phase)"}},
		{name: "adc2/noncombat-cannot-attack", phase: "soviet-combat",
			units:  us(g4, "ldr soviet leader 0/0 0 B-1105", "air soviet air 0/0 0 B-1106"),
			script: "attack B-1005 from ldr\nattack B-1005 from air",
			refuse: []string{"ldr is not a combat unit and cannot attack (ADC2: Unit Capabilities)", "air is not a combat unit"}},
	})
}

func TestADC2Results(t *testing.T) {
	g4 := "g axis infantry 4/2 4 B-1005"
	runADC2(t, []ruleCase{
		{name: "adc2/DE-two-steps", phase: "soviet-combat", dice: []int{6},
			units: us(g4, "a soviet tank 24/12 8 B-1105"), script: "attack B-1005 from B-1105\nnoadvance",
			want: []string{"combat result=DE", "loss unit=g strength=2", "loss unit=g strength=0", "noadvance"}},
		{name: "adc2/DR-swamp-step-no-choice", phase: "soviet-combat", dice: []int{1},
			mapx:  "[map.terrain]\nswamp = [\"B-1005\"]",
			units: us(g4, "a soviet tank 24/12 8 B-1105"), script: "attack B-1005 from B-1105\nretreat B-0905 B-0805",
			want:   []string{"combat attack=12 odds=3:1 result=DR", "stand unit=g rule=ADC2:_Retreat", "loss unit=g strength=2"},
			refuse: []string{"no battle waits"},
			check:  func(t *testing.T, g *Game) { at(t, g, "g", "B-1005") }},
		{name: "adc2/DRL-fortress-two-steps", phase: "soviet-combat", dice: []int{2},
			mapx:  city("B-1005", "Fort", "fortress", ""),
			units: us(g4, "a soviet tank 24/12 8 B-1105"), script: "attack B-1005 from B-1105\nadvance a",
			want: []string{"combat column=5:1 result=DRL", "stand unit=g", "loss unit=g strength=2", "loss unit=g strength=0", "advance unit=a"}},
		{name: "adc2/DR-mountain-steps", phase: "soviet-combat", dice: []int{1}, auto: true,
			mapx:  "[map.terrain]\nmountain = [\"B-1005\"]",
			units: us("g axis infantry 6/3 4 B-1005", "a soviet tank 24/12 8 B-1105"), script: "attack B-1005 from B-1105",
			want:  []string{"combat result=DR", "stand unit=g", "loss unit=g strength=3"},
			check: func(t *testing.T, g *Game) { at(t, g, "g", "B-1005") }},
		{name: "adc2/EX-attack-factor-no-retreat", phase: "soviet-combat", dice: []int{2}, auto: true,
			units:  us("d axis infantry 8/2 4 B-1005 defense=[12,10]", "a soviet infantry 6/3 6 B-1105", "b soviet infantry 6/3 6 B-1106"),
			script: "attack B-1005 from B-1105 B-1106",
			want:   []string{"combat attack=12 defense=12 odds=1:1 result=EX", "loss unit=d strength=10", "loss unit=a strength=3", "loss unit=a strength=0"},
			check:  func(t *testing.T, g *Game) { at(t, g, "d", "B-1005"); strength(t, g, "b", 6) }},
		{name: "adc2/retreat-avoids-zoc", phase: "soviet-combat", dice: []int{1},
			units:  us("g axis infantry 6/3 4 B-1005", "a soviet tank 18/9 8 B-1105", "z soviet infantry 4/2 6 B-0704"),
			script: "attack B-1005 from B-1105\nretreat B-0905 B-0804\nretreat B-0906 B-0806",
			want:   []string{"combat result=DR", "retreat unit=g path=B-0906,B-0806 losses=0"},
			refuse: []string{"not a legal retreat"}},
		{name: "adc2/retreat-not-ending-in-zoc", phase: "soviet-combat", dice: []int{1},
			mapx:   "[map.terrain]\nlake = [\"B-1004\", \"B-1006\", \"B-1104\", \"B-1106\", \"B-0906\", \"B-0904\", \"B-0804\", \"B-0706\"]",
			units:  us("g axis infantry 6/3 4 B-1005", "a soviet tank 18/9 8 B-1105", "z soviet infantry 4/2 6 B-0806"),
			script: "attack B-1005 from B-1105\nretreat B-0905 B-0805\nretreat B-0905 B-0805 B-0705",
			want:   []string{"combat result=DR", "retreat unit=g path=B-0905,B-0805,B-0705 losses=1"},
			refuse: []string{"not a legal retreat"}},
	})
}

// TestSameBattleGDWAndADC2 fights one battle under both rulebooks: 15
// against 4 in a swamp is 7 (fractions dropped) = 1:1 under GDW but 8
// (rounded up) = 2:1 under ADC2; a DR there lets the GDW defender choose,
// while the ADC2 defender must lose a step.
func TestSameBattleGDWAndADC2(t *testing.T) {
	c := ruleCase{name: "same-battle", phase: "soviet-combat", dice: []int{1},
		mapx:   "[map.terrain]\nswamp = [\"B-1005\"]",
		units:  us("g axis infantry 4/2 4 B-1005", "a soviet tank 15/7 8 B-1105"),
		script: "attack B-1005 from B-1105\nretreat B-0905 B-0805"}
	gdw := c
	gdw.want = []string{"combat attack=7 odds=1:1 column=1:1 die=1 result=DR", "retreat unit=g path=B-0905,B-0805 losses=0"}
	runCases(t, []ruleCase{gdw})
	a := adc2(c)
	a.want = []string{"combat attack=8 odds=2:1 column=2:1 die=1 result=DR", "stand unit=g", "loss unit=g strength=2"}
	a.refuse = []string{"no battle waits"}
	runCases(t, []ruleCase{a})
}

func TestADC2Stacking(t *testing.T) {
	runADC2(t, []ruleCase{
		{name: "adc2/stack-airborne-with-combat-unit", phase: "soviet-move2",
			units:  us("a soviet infantry 8/4 6 B-1505", "ab1 soviet airborne 3/1 6 B-1405", "ab2 soviet airborne 3/1 6 B-1305", "b soviet infantry 8/4 6 B-1507"),
			script: "move ab1 B-1505\nmove ab2 B-1405 B-1505\nmove ab2 B-1405",
			want:   []string{"move unit=ab1 path=B-1505", "move unit=ab2 path=B-1405"},
			refuse: []string{"would hold a combat unit and 2 airborne units (at most 1) (ADC2: Stacking Limits)"}},
		{name: "adc2/stack-two-airborne-alone", phase: "soviet-move2",
			units:  us("ab1 soviet airborne 3/1 6 B-1405", "ab2 soviet airborne 3/1 6 B-1305", "ab3 soviet airborne 3/1 6 B-1307", "a soviet infantry 8/4 6 B-1605"),
			script: "move ab2 B-1405\nmove ab3 B-1306 B-1405\nmove a B-1505 B-1405",
			want:   []string{"move unit=ab2 path=B-1405"},
			refuse: []string{"3 airborne units (at most 2)", "a combat unit and 2 airborne units"}},
		{name: "adc2/stack-one-combat-unit", phase: "soviet-move2",
			units:  us("a soviet infantry 8/4 6 B-1505", "b soviet infantry 8/4 6 B-1405"),
			script: "move a B-1605\nmove b B-1505 B-1605",
			want:   []string{"move unit=a"}, refuse: []string{"B-1605"}},
		{name: "adc2/end-on-a-friend-that-moves-out", phase: "soviet-move2",
			units:  us("a soviet infantry 8/4 6 B-1505", "b soviet infantry 8/4 6 B-1405", "g axis infantry 6/3 4 B-0110"),
			script: "move b B-1505\nend\nmove a B-1605\nend",
			want:   []string{"move unit=b path=B-1505", "move unit=a path=B-1605", "phase phase=axis-reinforcement"},
			refuse: []string{"a must move out of B-1505, where b ended its move, before the phase ends (ADC2: Movement Phases)"}},
	})
}

func TestADC2Reinforcements(t *testing.T) {
	pools := `
[[pool]]
name = "ConversionNovDec41"
kind = "conversion"
side = "soviet"
turn = "Nov/Dec 1941"
units = ["sov-1sh"]

[[pool]]
name = "ConversionJanFeb42"
kind = "conversion"
side = "soviet"
turn = "Jan/Feb 1942"
units = ["sov-2sh"]
`
	runADC2(t, []ruleCase{
		{name: "adc2/entry-edge-or-city-not-in-zoc", phase: "soviet-reinforcement", start: "Aug 1941",
			mapx:   city("B-1505", "Town", "minor", "") + city("B-1205", "Other", "major", ""),
			units:  us("r1 soviet infantry 8/4 6 - arrives=Aug_1941", "r2 soviet infantry 8/4 6 - arrives=Aug_1941", "g axis infantry 6/3 4 B-1105", "g2 axis infantry 6/3 4 B-1910"),
			script: "place r1 B-1205\nplace r1 B-2010\nplace r1 B-1808\nplace r1 B-1505\nplace r2 B-2005",
			want:   []string{"place unit=r1 hex=B-1505", "place unit=r2 hex=B-2005"},
			refuse: []string{"B-1205 is in an enemy zone of control (ADC2: Reinforcement Phase)", "B-2010 is in an enemy zone of control", "neither on the soviet map edge nor a friendly city"}},
		{name: "adc2/entry-capital-not-in-zoc", phase: "soviet-reinforcement", start: "Aug 1941",
			mapx:   city("B-1205", "Moscow", "fortress", "soviet"),
			units:  us("r1 soviet infantry 8/4 6 - arrives=Aug_1941", "g axis infantry 6/3 4 B-1105"),
			script: "place r1 B-1205",
			refuse: []string{"B-1205 is in an enemy zone of control"}},
		{name: "adc2/replacement-half-for-1-full-for-2", phase: "soviet-reinforcement", start: "Aug 1941",
			mapx:   city("B-1505", "Town", "minor", ""),
			units:  us("t soviet tank 14/7 8 - eliminated=true", "i soviet infantry 8/4 6 - eliminated=true"),
			extra:  "[[replacements]]\nturn = \"Aug 1941\"\naxis = 0\nsoviet = 3\n",
			script: "rebuild t B-1505\nrebuild t\nrebuild i B-2005\nrebuild i",
			want:   []string{"rebuild unit=t strength=7 points=1", "rebuild unit=t strength=14 points=1", "rebuild unit=i strength=4 points=1"},
			refuse: []string{"needs 1 replacement point(s); the soviet player has 0 left"}},
		{name: "adc2/rebuild-half-strength-in-supply", phase: "soviet-reinforcement", start: "Aug 1941",
			mapx:   pocketB1005,
			units:  us("a soviet infantry 8/4 6 B-1505 reduced=true", "p soviet infantry 8/4 6 B-1005 reduced=true", "g axis infantry 6/3 4 B-1205"),
			extra:  "[[replacements]]\nturn = \"Aug 1941\"\naxis = 0\nsoviet = 3\n",
			script: "rebuild a\nrebuild p",
			want:   []string{"rebuild unit=a strength=8 points=1"},
			refuse: []string{"p is out of supply: rebuilding needs supply, even in the capital (ADC2: Reinforcement Phase)"}},
		{name: "adc2/rebuild-capital-needs-supply-too", phase: "soviet-reinforcement", start: "Aug 1941",
			mapx:   pocketB1005 + city("B-1005", "Moscow", "fortress", "soviet"),
			units:  us("p soviet infantry 8/4 6 B-1005 reduced=true", "g axis infantry 6/3 4 B-1205"),
			extra:  "[[replacements]]\nturn = \"Aug 1941\"\naxis = 0\nsoviet = 3\n",
			script: "rebuild p",
			refuse: []string{"p is out of supply"}},
		{name: "adc2/rebuild-in-enemy-zoc", phase: "soviet-reinforcement", start: "Aug 1941",
			units:  us("a soviet infantry 8/4 6 B-1305 reduced=true", "g axis infantry 6/3 4 B-1205"),
			extra:  "[[replacements]]\nturn = \"Aug 1941\"\naxis = 0\nsoviet = 3\n",
			script: "rebuild a",
			want:   []string{"rebuild unit=a strength=8 points=1"}},
		{name: "adc2/italians-not-rebuilt", phase: "axis-reinforcement", start: "Aug 1941",
			units:  us("it axis infantry 6/3 4 - eliminated=true nation=ita", "ro axis infantry 6/3 4 - eliminated=true nation=rom"),
			extra:  "[[replacements]]\nturn = \"Aug 1941\"\naxis = 3\nsoviet = 0\n",
			script: "rebuild it B-0105\nrebuild ro B-0105",
			want:   []string{"rebuild unit=ro"}, refuse: []string{"ita units (it) may not be rebuilt by the axis player (ADC2: Allies)"}},
		{name: "adc2/conversion", phase: "soviet-reinforcement", start: "Nov/Dec 1941",
			top:    "units = \"gdw\"\nunlisted = \"absent\"\n",
			units:  us("a soviet infantry 8/4 6 B-1505", "t soviet tank 14/7 8 B-1507", "g axis infantry 6/3 4 B-1405"),
			extra:  "[[replacements]]\nturn = \"Nov/Dec 1941\"\naxis = 0\nsoviet = 2\n" + pools,
			script: "convert t sov-1sh\nconvert a sov-2sh\nconvert a sov-1sh\nconvert a sov-1sh",
			want:   []string{"convert unit=a to=sov-1sh hex=B-1505 points=1"},
			refuse: []string{"t is not a Soviet infantry army", "only in ConversionJanFeb42", "a is not a Soviet infantry army"},
			check: func(t *testing.T, g *Game) {
				at(t, g, "sov-1sh", "B-1505")
				if g.Points(core.Soviet) != 1 {
					t.Errorf("points left %d", g.Points(core.Soviet))
				}
			}},
	})
}

func TestADC2Air(t *testing.T) {
	cities := city("B-1505", "Minor", "minor", "") + city("B-1507", "Major", "major", "")
	runADC2(t, []ruleCase{
		{name: "adc2/air-placement", phase: "soviet-reinforcement", start: "Aug 1941", mapx: cities,
			units: au("a1 soviet air 0/0 0 - arrives=Aug_1941", "range=6", "shift=1") + au("a2 soviet air 0/0 0 - arrives=Aug_1941", "range=6", "shift=1") +
				au("a3 soviet air 0/0 0 - arrives=Aug_1941", "range=6", "shift=1") + au("a4 soviet air 0/0 0 - arrives=Aug_1941", "range=6", "shift=1"),
			script: "place a1 B-1405\nplace a1 B-1505\nplace a2 B-1505\nplace a2 B-1507\nplace a3 B-1507\nplace a4 B-1507",
			want:   []string{"place unit=a1 hex=B-1505", "place unit=a2 hex=B-1507", "place unit=a3 hex=B-1507"},
			refuse: []string{"B-1405 is not a city, fortress or rail hex (ADC2: Air Support)", "B-1505 already holds 1 air unit(s) (at most 1)", "B-1507 already holds 2 air unit(s) (at most 2)"}},
		{name: "adc2/air-offensive-support", phase: "soviet-combat", dice: []int{4}, mapx: cities,
			units:  us("g axis infantry 4/2 4 B-1005", "a soviet tank 12/6 8 B-1105") + au("air soviet air 0/0 0 B-1505", "range=5", "shift=1") + au("far soviet air 0/0 0 B-1507", "range=2", "shift=1"),
			script: "support far B-1005\nsupport air B-1105\nsupport air B-1005\nsupport air B-1005\nattack B-1005 from B-1105",
			want:   []string{"air unit=air mission=offensive hex=B-1005", "combat odds=3:1 column=4:1"},
			refuse: []string{"beyond far's range of 2 (ADC2: Air Support)", "holds no enemy unit", "already flown a mission this phase"}},
		{name: "adc2/air-defensive-support", phase: "axis-combat", dice: []int{4},
			mapx:   "[map.control]\naxis = [\"B-0505\"]\n" + city("B-0505", "Base", "minor", ""),
			units:  us("g axis infantry 4/2 4 B-1005", "a soviet tank 12/6 8 B-1105") + au("air axis air 0/0 0 B-0505", "range=6", "shift=1"),
			script: "defend air g\nend\nend\nend\nend\nend\nattack B-1005 from B-1105",
			want:   []string{"air unit=air mission=defensive", "phase phase=soviet-combat", "combat odds=3:1 column=2:1"}},
		{name: "adc2/air-transfer", phase: "soviet-combat", mapx: cities + city("B-1909", "East", "minor", ""),
			units:  au("air soviet air 0/0 0 B-1505", "range=1", "shift=1") + au("air2 soviet air 0/0 0 B-1909", "range=1", "shift=1"),
			script: "transfer air B-1909\ntransfer air B-1405\ntransfer air B-1507\ntransfer air B-1505",
			want:   []string{"air unit=air mission=transfer from=B-1505 hex=B-1507"},
			refuse: []string{"beyond twice air's range", "B-1405 is not a city, fortress or rail hex", "already flown a mission"},
			check:  func(t *testing.T, g *Game) { at(t, g, "air", "B-1507") }},
		{name: "adc2/air-displaced-axis-waits", phase: "soviet-move2",
			mapx:   "[map.control]\naxis = [\"B-0505\", \"B-0105\"]\n" + city("B-0505", "Base", "minor", "") + city("B-0105", "Berlin", "fortress", "axis"),
			units:  us("s soviet infantry 8/4 6 B-0805") + au("air axis air 0/0 0 B-0505", "range=6", "shift=1") + au("air2 axis air 0/0 0 B-0105", "range=6", "shift=1"),
			script: "move s B-0705 B-0605\nend\nenter air B-0505\n" + strings.Repeat("end\n", 10) + "enter air B-0505",
			want:   []string{"displaced unit=air by=s", "phase phase=axis-reinforcement turn=Sep/Oct_1941", "place unit=air hex=B-0505"},
			refuse: []string{"must wait one game turn before it returns (ADC2: Air Support)"}},
		{name: "adc2/air-displaced-soviet-next-turn", phase: "axis-move2",
			mapx:   city("B-1505", "Minor", "minor", ""),
			units:  us("g axis infantry 6/3 4 B-1205", "s soviet infantry 8/4 6 B-1507") + au("air soviet air 0/0 0 B-1505", "range=6", "shift=1"),
			script: "move g B-1305 B-1405\nend\nenter air B-1505\n" + strings.Repeat("end\n", 10) + "enter air B-1505",
			want:   []string{"displaced unit=air by=g", "place unit=air hex=B-1505"},
			refuse: []string{"returns in a subsequent game turn (ADC2: Air Support)"}},
	})
}

func TestADC2Leaders(t *testing.T) {
	berlin := "[map.control]\naxis = [\"B-0105\", \"B-0305\"]\n" + city("B-0105", "Berlin", "fortress", "axis") + city("B-1905", "Moscow", "fortress", "soviet")
	runADC2(t, []ruleCase{
		{name: "adc2/leader-arrives-in-capital", phase: "axis-reinforcement", start: "Aug 1941", mapx: berlin,
			units:  au("l axis leader 0/0 2 - arrives=Aug_1941", "radius=3"),
			script: "place l B-0106\nplace l B-0105",
			want:   []string{"place unit=l hex=B-0105"}, refuse: []string{"must be placed in its capital B-0105 (ADC2: Leaders)"}},
		{name: "adc2/leader-relocation", phase: "axis-move1", mapx: berlin,
			units: us("a axis infantry 6/3 4 B-0305", "b axis infantry 6/3 4 B-0307") + au("l1 axis leader 0/0 2 B-0105", "radius=3") + au("l2 axis leader 0/0 2 B-0105", "radius=3") +
				au("l3 axis leader 0/0 2 B-0307", "radius=3") + au("l4 axis leader 0/0 2 B-0305", "radius=3"),
			script: "leader l1 B-0206\nleader l1 B-0305\nleader l2 B-0307\nleader l3 B-0105\nleader l4 B-0105\nmove l3 B-0206",
			want:   []string{"leader unit=l1 from=B-0105 hex=B-0305", "leader unit=l3 hex=B-0105"},
			refuse: []string{"only to a hex with a friendly combat unit (ADC2: Leaders)", "only one leader relocates from the capital", "only one leader relocates to the capital", "in the 2nd Movement Phase"}},
		{name: "adc2/leader-soviet-never-moves", phase: "soviet-move2", mapx: berlin,
			units:  au("l soviet leader 0/0 0 B-1505", "radius=3"),
			script: "move l B-1405",
			refuse: []string{"Soviet leaders move only by relocation"}},
		{name: "adc2/leader-axis-two-hexes", phase: "axis-move2", mapx: berlin,
			units:  au("l axis leader 0/0 2 B-0305", "radius=3"),
			script: "move l B-0405 B-0505 B-0605\nmove l B-0405 B-0505",
			want:   []string{"move unit=l path=B-0405,B-0505"}, refuse: []string{"at most 2 hexes (ADC2: Leaders)"}},
		{name: "adc2/leader-removed-by-adjacent-enemy", phase: "soviet-move2", mapx: berlin,
			units: us("s soviet infantry 8/4 6 B-0905", "s2 soviet infantry 8/4 6 B-0909", "a axis infantry 6/3 4 B-0607") +
				au("l axis leader 0/0 2 B-0605", "radius=3") + au("l2 axis leader 0/0 2 B-0607", "radius=3"),
			script: "move s B-0805 B-0705\nmove s2 B-0808 B-0708",
			want:   []string{"leader unit=l hex=B-0105 rule=ADC2:_Leaders"},
			check:  func(t *testing.T, g *Game) { at(t, g, "l", "B-0105"); at(t, g, "l2", "B-0607") }},
		{name: "adc2/leader-command-radius", phase: "axis-combat", dice: []int{4}, mapx: berlin, auto: true,
			units: us("s soviet infantry 4/2 6 B-0805", "a axis infantry 12/6 4 B-0705", "s2 soviet infantry 4/2 6 B-0809", "b axis infantry 12/6 4 B-0709") +
				au("l axis leader 0/0 2 B-0505", "radius=3") + au("l2 axis leader 0/0 2 B-0506", "radius=3"),
			script: "attack B-0805 from B-0705\nattack B-0809 from B-0709",
			want:   []string{"combat defender=s odds=3:1 column=4:1 shifts=[{leader_l_1_ADC2:_Leaders}]", "combat defender=s2 column=3:1 shifts=[]"}},
		{name: "adc2/leader-in-supply-only", phase: "axis-combat", dice: []int{4},
			mapx:   berlin + "[map.terrain]\nlake = [\"B-0402\", \"B-0403\", \"B-0502\", \"B-0504\", \"B-0602\", \"B-0603\"]\n",
			units:  us("s soviet infantry 4/2 6 B-0805", "a axis infantry 12/6 4 B-0705") + au("l axis leader 0/0 2 B-0503", "radius=6"),
			script: "attack B-0805 from B-0705",
			want:   []string{"combat odds=3:1 column=3:1"}},
		{name: "adc2/leader-retreats-with-unit", phase: "soviet-combat", dice: []int{1}, mapx: berlin,
			units:  us("a axis infantry 6/3 4 B-1005", "s soviet tank 18/9 8 B-1105") + au("l axis leader 0/0 2 B-1005", "radius=3"),
			script: "attack B-1005 from B-1105\nretreat B-0905 B-0805\nnoadvance",
			want:   []string{"retreat unit=a", "leader unit=l hex=B-0805"},
			check:  func(t *testing.T, g *Game) { at(t, g, "l", "B-0805") }},
		{name: "adc2/leader-home-when-unit-eliminated", phase: "soviet-combat", dice: []int{6}, mapx: berlin,
			units:  us("a axis infantry 6/3 4 B-1005", "s soviet tank 36/18 8 B-1105") + au("l axis leader 0/0 2 B-1005", "radius=3"),
			script: "attack B-1005 from B-1105\nnoadvance\nend",
			want:   []string{"combat result=DE", "loss unit=a strength=0", "leader unit=l hex=B-0105"},
			check:  func(t *testing.T, g *Game) { at(t, g, "l", "B-0105") }},
	})
}

func TestADC2AirbornePartisans(t *testing.T) {
	base := city("B-1505", "Base", "minor", "")
	runADC2(t, []ruleCase{
		{name: "adc2/airborne-assault", phase: "soviet-move2", mapx: base + "[map.terrain]\nforest = [\"B-1305\"]",
			units: us("ab soviet airborne 3/1 6 B-1505", "ab2 soviet airborne 3/1 6 B-1505", "ab3 soviet airborne 3/1 6 B-1507", "g axis infantry 6/3 4 B-1205") +
				au("air soviet air 0/0 0 B-1505", "range=6", "shift=1"),
			script: "drop ab3 B-1407\ndrop ab B-1305\ndrop ab B-1005\ndrop ab B-1205\ndrop ab B-1105\ndrop ab2 B-1405\nmove ab B-1205",
			want:   []string{"drop unit=ab from=B-1505 hex=B-1105 rule=ADC2:_Airborne_Assault"},
			refuse: []string{"ab3 is not stacked with an air unit", "B-1305 is not a clear hex", "B-1005 is not within 4 hexes", "B-1205 holds an enemy unit",
				"only one airborne assault per player turn", "already moved in this phase"}},
		{name: "adc2/airborne-not-consecutive-turns", phase: "soviet-move2", mapx: base,
			units:  us("ab soviet airborne 3/1 6 B-1505", "ab2 soviet airborne 3/1 6 B-1505") + au("air soviet air 0/0 0 B-1505", "range=6", "shift=1"),
			script: "drop ab B-1405\n" + strings.Repeat("end\n", 8) + "drop ab2 B-1305\n" + strings.Repeat("end\n", 10) + "drop ab2 B-1305",
			want:   []string{"drop unit=ab", "phase phase=soviet-move1 turn=Sep/Oct_1941", "drop unit=ab2"},
			refuse: []string{"no airborne assaults in consecutive game turns"}},
		{name: "adc2/partisan-placement", phase: "soviet-reinforcement", start: "Aug 1941",
			units:  us("p soviet partisan 1/0 4 - arrives=Aug_1941", "g axis infantry 6/3 4 B-0505", "s soviet infantry 8/4 6 B-1005"),
			script: "place p B-0605\nplace p B-1005\nplace p B-0905",
			want:   []string{"place unit=p hex=B-0905"},
			refuse: []string{"B-0605 is in an Axis zone of control (ADC2: Partisans)", "B-1005 already holds s"}},
		{name: "adc2/partisan-blocks-axis", phase: "axis-move2",
			units:  us("p soviet partisan 1/0 4 B-0605", "g axis infantry 6/3 4 B-0405"),
			script: "move g B-0505 B-0605 B-0705\nmove g B-0505 B-0506",
			want:   []string{"move unit=g path=B-0505,B-0506"}, refuse: []string{"enemy unit"}},
		{name: "adc2/partisan-eliminated-in-axis-zoc", phase: "axis-move2",
			units:  us("p soviet partisan 1/0 4 B-0605", "p2 soviet partisan 1/0 4 B-0905", "g axis infantry 6/3 4 B-0404"),
			script: "move g B-0505\n" + strings.Repeat("end\n", 9),
			want:   []string{"phase phase=axis-combat turn=Aug_1941", "loss unit=p strength=0 rule=ADC2:_Partisans"},
			check:  func(t *testing.T, g *Game) { at(t, g, "p", "-"); at(t, g, "p2", "B-0905") }},
		{name: "adc2/partisan-return", phase: "axis-combat",
			units: us("p soviet partisan 1/0 4 B-0605", "p2 soviet partisan 1/0 4 B-0607", "g axis infantry 6/3 4 B-0505", "g2 axis infantry 6/3 4 B-0507"),
			script: "end\nend\nenter p B-1005\n" + strings.Repeat("end\n", 10) + "enter p B-1005\nenter p2 B-1007\n" + strings.Repeat("end\n", 10) + "enter p2 B-1007\n" +
				strings.Repeat("end\n", 10) + "enter p2 B-1007\n" + strings.Repeat("end\n", 10) + "enter p2 B-1007",
			want:   []string{"loss unit=p strength=0", "loss unit=p2 strength=0", "place unit=p hex=B-1005", "phase phase=soviet-reinforcement turn=Nov/Dec_1941", "place unit=p2 hex=B-1007"},
			refuse: []string{"returns in a later game turn (ADC2: Partisans)", "two game turns apart", "two game turns apart", "two game turns apart"}},
	})
}

// block lists the hexes of columns c0..c1, rows r0..r1.
func block(c0, c1, r0, r1 int) []string {
	var out []string
	for c := c0; c <= c1; c++ {
		for r := r0; r <= r1; r++ {
			out = append(out, fmt.Sprintf("B-%02d%02d", c, r))
		}
	}
	return out
}

// kills writes n one-step units of nation (ids PREFIX1..n) down column 5,
// each beside a 24-factor Soviet tank in column 6, and the script that
// eliminates them all (die 6 at 6:1: DE).
func kills(prefix, nation string, n int) (units, script string, dice []int) {
	var b, s strings.Builder
	for i := 1; i <= n; i++ {
		row, col := 2*i-1, 5
		if i > 5 {
			row, col = 2*(i-5)-1, 12
		}
		b.WriteString(u(fmt.Sprintf("%s%d axis infantry 2/0 4 B-%02d%02d nation=%s", prefix, i, col, row, nation)))
		b.WriteString(u(fmt.Sprintf("k%s%d soviet tank 24/12 8 B-%02d%02d", prefix, i, col+1, row)))
		fmt.Fprintf(&s, "attack B-%02d%02d from B-%02d%02d\n", col, row, col+1, row)
		dice = append(dice, 6)
	}
	return b.String(), s.String(), dice
}

func TestADC2Allies(t *testing.T) {
	romania := country("Romania", block(1, 4, 8, 10)...)
	hungary := country("Hungary", block(1, 4, 1, 3)...)
	both := romania + hungary
	rom4, kill4, dice4 := kills("r", "rom", 4)
	hun2, kill2, dice2 := kills("h", "hun", 2)
	hun6, kill6, dice6 := kills("h", "hun", 6)
	rom6, killr6, dicer6 := kills("r", "rom", 6)
	runADC2(t, []ruleCase{
		{name: "adc2/garrison-stays-home", phase: "axis-move2", mapx: romania,
			units:  us("gar axis garrison 3/1 4 B-0309 nation=rom"),
			script: "move gar B-0409 B-0509\nmove gar B-0409",
			want:   []string{"move unit=gar path=B-0409"}, refuse: []string{"gar is a garrison unit and may not leave Romania (B-0509) (ADC2: Allies)"}},
		{name: "adc2/garrison-retreat-out-eliminated", phase: "soviet-combat", dice: []int{1}, auto: true, mapx: country("Romania", block(3, 4, 8, 10)...),
			units:  us("gar axis garrison 3/1 4 B-0409 nation=rom", "s soviet tank 9/4 8 B-0309"),
			script: "attack B-0409 from B-0309",
			want:   []string{"combat result=DR", "retreat unit=gar", "loss unit=gar strength=0 rule=ADC2:_Allies"},
			check:  func(t *testing.T, g *Game) { at(t, g, "gar", "-") }},
		{name: "adc2/romanians-three-hexes", phase: "axis-move2", mapx: romania,
			units:  us("r axis infantry 6/3 6 B-0408 nation=rom"),
			script: "move r B-0508 B-0608 B-0708 B-0808\nmove r B-0508 B-0608 B-0708",
			want:   []string{"move unit=r path=B-0508,B-0608,B-0708"}, refuse: []string{"may not move over 3 hexes from Romania or Bessarabia (B-0808)"}},
		{name: "adc2/romanians-free-from-jul-1942-with-odessa", phase: "axis-move2", start: "Jul 1942", last: "May 1943",
			mapx:   romania + city("B-0608", "Odessa", "major", "") + "[map.control]\naxis = [\"B-0608\"]\n",
			units:  us("r axis infantry 6/3 6 B-0407 nation=rom", "od axis infantry 6/3 6 B-0608 nation=rom"),
			script: "move r B-0507 B-0607 B-0707 B-0807",
			want:   []string{"move unit=r path=B-0507,B-0607,B-0707,B-0807"}},
		{name: "adc2/romanians-limited-without-odessa", phase: "axis-move2", start: "Jul 1942", last: "May 1943",
			mapx:   romania + city("B-0608", "Odessa", "major", ""),
			units:  us("r axis infantry 6/3 6 B-0407 nation=rom"),
			script: "move r B-0507 B-0607 B-0707 B-0807",
			refuse: []string{"only while a Romanian unit holds Odessa"}},
		{name: "adc2/romanians-and-slovaks-never-hungary", phase: "axis-move2", mapx: both,
			units:  us("r axis infantry 6/3 6 B-0404 nation=rom", "sl axis infantry 4/2 6 B-0505 nation=slo"),
			script: "move r B-0403\nmove sl B-0504 B-0403\nmove sl B-0506 B-0507 B-0407 B-0408",
			refuse: []string{"r may never enter Hungary (B-0403)", "sl may never enter Hungary", "sl may not enter Romania (B-0408)"}},
		{name: "adc2/defected-romanians-enter-hungary", phase: "soviet-move2", mapx: both,
			units:  us("rm soviet infantry 6/3 6 B-0504 nation=rom"),
			script: "move rm B-0403 B-0303",
			want:   []string{"move unit=rm path=B-0403,B-0303"}},
		{name: "adc2/romanians-refuse-after-4-lost", phase: "soviet-combat", dice: dice4, auto: true,
			units:  rom4 + us("r9 axis infantry 6/3 4 B-1008 nation=rom", "ge axis infantry 6/3 4 B-1005", "t soviet infantry 2/1 6 B-1108", "t2 soviet infantry 2/1 6 B-1105"),
			script: kill4 + strings.Repeat("end\n", 5) + "attack B-1108 from B-1008\nattack B-1105 from B-1005",
			want:   []string{"loss unit=r4 strength=0", "allies nation=rom eliminated=4", "phase phase=axis-combat turn=Aug_1941", "combat defender=t2"},
			refuse: []string{"Romanian units may not attack after a turn with 4 or more Romanian units eliminated (ADC2: Allies)"}},
		{name: "adc2/romanians-attack-after-3-lost", phase: "soviet-combat", dice: dice4[:3], auto: true,
			units:  rom4 + us("r9 axis infantry 6/3 4 B-1008 nation=rom", "t soviet infantry 2/1 6 B-1108"),
			script: strings.Join(strings.Split(kill4, "\n")[:3], "\n") + "\n" + strings.Repeat("end\n", 5) + "attack B-1108 from B-1008",
			want:   []string{"loss unit=r3 strength=0", "combat defender=t"}},
		{name: "adc2/hungarians-refuse-after-2-lost", phase: "soviet-combat", dice: dice2, auto: true,
			units:  hun2 + us("h9 axis infantry 6/3 4 B-1008 nation=hun", "t soviet infantry 2/1 6 B-1108"),
			script: kill2 + strings.Repeat("end\n", 5) + "attack B-1108 from B-1008",
			want:   []string{"allies nation=hun eliminated=2"}, refuse: []string{"Hungarian units may not attack"}},
		{name: "adc2/hungary-surrenders", phase: "soviet-combat", dice: dice6, auto: true,
			units:  hun6 + us("h9 axis infantry 6/3 4 B-1008 nation=hun", "h10 axis infantry 6/3 4 - eliminated=true nation=hun"),
			script: kill6 + "end",
			want:   []string{"loss unit=h6 strength=0", "surrender nation=hun rule=ADC2:_Allies"},
			check: func(t *testing.T, g *Game) {
				for _, id := range []string{"h9", "h10", "h1"} {
					if k, _ := g.S.UnitByID(id); g.S.Units[k].Status.String() != "removed" {
						t.Errorf("%s is %s", id, g.S.Units[k].Status)
					}
				}
			}},
		{name: "adc2/romania-defects", phase: "soviet-combat", dice: append(dicer6, 5), auto: true,
			top:   "units = \"gdw\"\nunlisted = \"absent\"\n",
			mapx:  romania + city("B-1205", "Odessa", "major", "") + country("Yugoslavia", "B-0105") + city("B-1607", "Budapest", "major", "") + city("B-1609", "Warsaw", "major", ""),
			units: rom6 + us("r9 axis infantry 6/3 4 B-0209 nation=rom", "od soviet infantry 4/2 6 B-1205", "z soviet infantry 4/2 6 B-0510"),
			extra: "[[pool]]\nname = \"Romanian Defection\"\nkind = \"defection\"\nside = \"soviet\"\nunits = [\"rm-1\"]\n" +
				"[[pool]]\nname = \"Bulgarian Defection\"\nkind = \"defection\"\nside = \"soviet\"\nunits = [\"bu-1\"]\n",
			script: killr6 + strings.Repeat("end\n", 7) + "enter rm-1 B-0208\nenter rm-1 B-0409\nenter bu-1 B-0110\n" + strings.Repeat("end\n", 10) + "enter bu-1 B-0107\nenter bu-1 B-0108\nenter bu-1 B-0110",
			want: []string{"loss unit=r6 strength=0", "defection die=5 modifier=1 result=defects", "place unit=rm-1 hex=B-0409", "balkan", "phase phase=soviet-reinforcement turn=Sep/Oct_1941",
				"place unit=bu-1 hex=B-0110"},
			refuse: []string{"B-0208 is not in a Soviet zone of control", "the Bulgarians enter the game turn after Romania defects", "B-0107 is not on the southern map edge of Romania", "B-0108 is not on the southern map edge of Romania"},
			check:  func(t *testing.T, g *Game) { at(t, g, "r9", "-") }},
		{name: "adc2/no-defection-below-six", phase: "soviet-combat", dice: append(dicer6[:5], 6), auto: true,
			units:  rom6 + us("od soviet infantry 4/2 6 B-1205"),
			script: strings.Join(strings.Split(killr6, "\n")[:5], "\n") + "\n" + strings.Repeat("end\n", 7),
			want:   []string{"loss unit=r5 strength=0", "phase phase=soviet-reinforcement turn=Aug_1941"},
			check: func(t *testing.T, g *Game) {
				for _, e := range g.Log() {
					if e.Kind == "defection" {
						t.Errorf("a defection roll with five Romanian units eliminated: %s", e.Text)
					}
				}
			}},
		{name: "adc2/slovak-bratislava", phase: "axis-reinforcement", start: "Aug 1941",
			mapx:   city("B-0305", "Bratislava", "major", "") + "[map.control]\naxis = [\"B-0305\"]\n",
			units:  us("sl axis infantry 4/2 6 - eliminated=true nation=slo", "s soviet infantry 8/4 6 B-0605"),
			extra:  "[[replacements]]\nturn = \"Aug 1941\"\naxis = 2\nsoviet = 0\n",
			script: "rebuild sl B-0105\nrebuild sl B-0305\n" + strings.Repeat("end\n", 4) + "move sl B-0205 B-0105\n" + strings.Repeat("end\n", 5) + "move s B-0505 B-0405 B-0305",
			want:   []string{"rebuild unit=sl hex=B-0305", "removed unit=sl"},
			refuse: []string{"sl returns only in Bratislava (ADC2: Allies)"},
			check:  func(t *testing.T, g *Game) { at(t, g, "sl", "-") }},
		{name: "adc2/balkan-garrison", phase: "soviet-move2", top: "units = \"gdw\"\nunlisted = \"absent\"\n",
			mapx:   country("Yugoslavia", block(1, 2, 8, 10)...),
			units:  us("s soviet infantry 8/4 6 B-0408"),
			extra:  "[[pool]]\nname = \"GarrisonAug41\"\nkind = \"garrison\"\nside = \"axis\"\nturn = \"Aug 1941\"\nunits = [\"ss-5mtn\"]\n",
			script: "end\nenter ss-5mtn B-0108\n" + strings.Repeat("end\n", 9) + "move s B-0308 B-0208\nend\nenter ss-5mtn B-0305\nenter ss-5mtn B-0109",
			want:   []string{"balkan rule=ADC2:_Allies", "pool pool=GarrisonAug41", "place unit=ss-5mtn hex=B-0109"},
			refuse: []string{"the Garrison pools open only once the Balkan Garrison is activated", "B-0305 is not in Yugoslavia"}},
	})
}

func TestADC2Victory(t *testing.T) {
	cities := city("B-0105", "Berlin", "fortress", "axis") + city("B-1905", "Moscow", "fortress", "soviet") + city("B-1502", "Leningrad", "major", "") + city("B-1909", "Kuibyshev", "major", "")
	runADC2(t, []ruleCase{
		{name: "adc2/victory-soviet-berlin", phase: "axis-move2", mapx: cities,
			units: us("s soviet infantry 8/4 6 B-0105"), script: "end",
			want: []string{"victory side=soviet result=win rule=ADC2:_Game_Play", "end winner=soviet"},
			check: func(t *testing.T, g *Game) {
				if !g.Over() {
					t.Error("the game goes on after a victory")
				}
			}},
		{name: "adc2/victory-axis-three-cities", phase: "soviet-move2", mapx: cities,
			units:  us("a axis infantry 6/3 4 B-1905", "b axis infantry 6/3 4 B-1502", "c axis infantry 6/3 4 B-1808"),
			script: "end\nend\nend\nend\nend\nmove c B-1809 B-1909\nend\nend\nend\nend\nend\nend",
			want:   []string{"phase phase=axis-reinforcement", "move unit=c", "victory side=axis result=win", "end winner=axis"},
			check: func(t *testing.T, g *Game) {
				n := 0
				for _, e := range g.Log() {
					if e.Kind == "victory" {
						n++
					}
				}
				if n != 1 {
					t.Errorf("%d victory events, want 1 (at the end of the Soviet player turn only)", n)
				}
			}},
	})
}

func TestADC2More(t *testing.T) {
	line := "[[map.rail]]\nhexes = [\"B-1505\", \"B-1605\", \"B-1705\", \"B-1805\", \"B-1905\", \"B-2005\"]\n"
	runADC2(t, []ruleCase{
		{name: "adc2/halving-out-of-supply", phase: "soviet-combat", dice: []int{4}, mapx: pocketB1005,
			units:  us("a soviet infantry 13/6 6 B-1005", "g axis infantry 7/3 4 B-1105", "g2 axis infantry 7/3 4 B-1106"),
			script: "attack B-1105 from B-1005",
			want:   []string{"combat attack=7 defense=7 odds=1:1"}},
		{name: "adc2/rail-not-on-airborne", phase: "soviet-rail", mapx: line,
			units:  us("a soviet infantry 8/4 6 B-2005", "ab soviet airborne 3/1 6 B-1705"),
			script: "rail a B-1705\nrail a B-1605",
			want:   []string{"rail unit=a path=B-1905,B-1805,B-1705,B-1605"}, refuse: []string{"a may not stop on B-1705, where ab stands (ADC2: Rail Movement Phase)"}},
		{name: "adc2/available-to-build", phase: "soviet-reinforcement", start: "May 1942", top: "units = \"gdw\"\nunlisted = \"absent\"\n",
			extra:  "[[replacements]]\nturn = \"May 1942\"\naxis = 0\nsoviet = 2\n[[pool]]\nname = \"AvailableToBuild\"\nkind = \"available\"\nside = \"soviet\"\nturn = \"May 1942\"\nunits = [\"sov-46\"]\n",
			script: "rebuild sov-46 B-2005",
			want:   []string{"pool pool=AvailableToBuild to=Removed", "rebuild unit=sov-46 hex=B-2005 points=1"}},
		{name: "adc2/garrison-pool-supplied-on-entry", phase: "soviet-move2", dice: []int{4}, top: "units = \"gdw\"\nunlisted = \"absent\"\n",
			mapx:   country("Yugoslavia", "B-0508") + city("B-0607", "Warsaw", "major", "") + "[map.terrain]\nlake = [\"B-0507\", \"B-0509\", \"B-0407\", \"B-0408\"]\n",
			units:  us("s1 soviet infantry 2/1 6 B-0607", "s2 soviet infantry 2/1 6 B-0608"),
			extra:  "[[pool]]\nname = \"GarrisonJul41\"\nkind = \"garrison\"\nside = \"axis\"\nturn = \"Jul 1941\"\nunits = [\"ss-5mtn\"]\n",
			script: "end\nenter ss-5mtn B-0508\nend\nend\nend\nattack B-0607 from B-0508",
			want:   []string{"balkan", "place unit=ss-5mtn hex=B-0508", "combat attack=5 defense=2 odds=2:1 notes=[]"}},
		{name: "adc2/air-axis-one-every-other-turn", phase: "soviet-move2",
			mapx:   "[map.control]\naxis = [\"B-0505\", \"B-0105\", \"B-0507\"]\n" + city("B-0505", "Base", "minor", "") + city("B-0105", "Berlin", "fortress", "axis") + city("B-0507", "Base2", "minor", ""),
			units:  us("s soviet infantry 8/4 6 B-0806") + au("air axis air 0/0 0 B-0505", "range=6", "shift=1") + au("air2 axis air 0/0 0 B-0507", "range=6", "shift=1"),
			script: "move s B-0706 B-0606 B-0506\n" + strings.Repeat("end\n", 11) + "enter air B-0505\nenter air2 B-0507\n" + strings.Repeat("end\n", 10) + "enter air B-0505\n" + strings.Repeat("end\n", 10) + "enter air B-0505",
			want:   []string{"displaced unit=air2", "displaced unit=air", "phase phase=axis-reinforcement turn=Sep/Oct_1941", "place unit=air2 hex=B-0507", "phase phase=axis-reinforcement turn=Jan/Feb_1942", "place unit=air hex=B-0505"},
			refuse: []string{"displaced air units return in turn, first air2", "only one displaced air unit returns every other game turn"}},
	})
}
