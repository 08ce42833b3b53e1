package game

import (
	"os"
	"strings"
	"testing"
)

// wall is a lake wall down column 4 that cuts columns 1-3 off from the
// east edge, except through B-0405 (open unless a case fills it).
func wall(open bool, terrain string) string {
	var hs []string
	for r := 1; r <= 10; r++ {
		if open && r == 5 {
			continue
		}
		hs = append(hs, `"B-04`+map[bool]string{true: "", false: "0"}[r >= 10]+itoa(r)+`"`)
	}
	return "\n[map.terrain]\n" + terrain + " = [" + strings.Join(hs, ", ") + "]\n"
}

func TestMovementRules(t *testing.T) {
	runCases(t, []ruleCase{
		{name: "move/terrain-costs", phase: "soviet-general",
			mapx:   "[map.terrain]\nmountain = [\"B-0605\", \"B-0607\"]\nrough = [\"B-0609\", \"B-0610\"]\nforest = [\"B-0603\"]",
			units:  us("mtn soviet mountain 6/3 6 B-0505", "inf soviet infantry 8/4 6 B-0507", "tank soviet tank 14/7 8 B-0509", "inf2 soviet infantry 8/4 6 B-0510", "inf3 soviet infantry 8/4 6 B-0503"),
			script: "move mtn B-0605\nmove inf B-0607\nmove tank B-0609\nmove inf2 B-0610\nmove inf3 B-0603",
			want:   []string{"move unit=mtn mp=2", "move unit=inf mp=4", "move unit=tank mp=3", "move unit=inf2 mp=2", "move unit=inf3 mp=2"}},
		{name: "move/one-hex", phase: "soviet-general",
			mapx:   "[map.terrain]\nmountain = [\"B-0605\", \"B-0607\"]",
			units:  us("a soviet infantry 8/4 2 B-0505", "b soviet infantry 8/4 2 B-0507"),
			script: "move a B-0605\nmove b B-0607 B-0707",
			want:   []string{"move unit=a mp=2"}, refuse: []string{"must stop"}},
		{name: "move/zoc-stop", phase: "soviet-general",
			units:  us("g axis infantry 6/3 4 B-1005", "s soviet infantry 8/4 6 B-1305", "s2 soviet infantry 8/4 6 B-1306"),
			script: "move s B-1205 B-1105 B-1104\nmove s B-1205 B-1105\nmove s2 B-1206 B-1106",
			want:   []string{"move unit=s path=B-1205,B-1105 mp=2", "move unit=s2 mp=2"}, refuse: []string{"enemy zone of control"}},
		{name: "move/zoc-leave", phase: "soviet-general",
			units:  us("g axis infantry 6/3 4 B-1005", "s soviet infantry 8/4 6 B-1105", "s2 soviet infantry 8/4 6 B-1106"),
			script: "move s B-1205 B-1305 B-1405\nmove s2 B-1006 B-1007",
			want:   []string{"move unit=s mp=3"}, refuse: []string{"must stop in B-1006"}},
		{name: "move/friends-and-enemies", phase: "soviet-general",
			units:  us("g axis infantry 6/3 4 B-0805", "a soviet infantry 8/4 6 B-1205", "b soviet infantry 8/4 6 B-1305", "c soviet infantry 8/4 6 B-1405"),
			script: "move c B-1305 B-1205\nmove c B-1305 B-1205 B-1105\nmove a B-1105 B-1005 B-0905 B-0805 B-0705",
			want:   []string{"move unit=c path=B-1305,B-1205,B-1105"}, refuse: []string{"may not end its move in B-1205", "enemy zone of control"}},
		{name: "move/through-enemy", phase: "soviet-general",
			units:  us("g axis infantry 6/3 4 B-1005", "a soviet infantry 8/4 6 B-1105"),
			script: "move a B-1005 B-0905",
			refuse: []string{"enemy unit"}},
		{name: "move/water", phase: "soviet-general",
			mapx:   "water_sides = [[\"B-0505\", \"B-0506\"]]\n[map.terrain]\nlake = [\"B-0605\"]",
			units:  us("a soviet infantry 8/4 6 B-0505"),
			script: "move a B-0605\nmove a B-0506 B-0507\nmove a B-0504",
			want:   []string{"move unit=a path=B-0504"}, refuse: []string{"lake hex", "lake or sea"}},
		{name: "move/gap", phase: "soviet-general",
			units:  us("a soviet infantry 8/4 6 B-0505"),
			script: "move a B-0504 B-0502\nmove a B-9999\nmove a B-0505",
			refuse: []string{"does not touch", "off the map", "already in B-0505"}},
		{name: "move/moved-twice", phase: "soviet-general",
			units:  us("a soviet infantry 8/4 6 B-0505"),
			script: "move a B-0504\nmove a B-0503",
			want:   []string{"move unit=a"}, refuse: []string{"already moved"}},
		{name: "move/phase-class-axis", phase: "axis-panzer",
			units:  us("inf axis infantry 6/3 4 B-0505", "pz axis panzer 12/6 8 B-0507", "cav axis cavalry 4/2 6 B-0509"),
			script: "move inf B-0605\nmove pz B-0607\nmove cav B-0609",
			want:   []string{"move unit=pz", "move unit=cav"}, refuse: []string{"do not move in the axis-panzer phase"}},
		{name: "move/phase-class-soviet", phase: "soviet-armor",
			units:  us("inf soviet infantry 8/4 6 B-0505", "tank soviet tank 14/7 8 B-0507", "cav soviet cavalry 4/2 6 B-0509"),
			script: "move inf B-0605\nmove tank B-0607\nmove cav B-0609",
			want:   []string{"move unit=tank"}, refuse: []string{"do not move", "do not move"}},
		{name: "move/panzer-twice", phase: "axis-panzer",
			units:  us("pz axis panzer 12/6 8 B-0507"),
			script: "move pz B-0607\nend\nend\nmove pz B-0707",
			want:   []string{"move unit=pz path=B-0607", "phase phase=axis-combat", "phase phase=axis-general", "move unit=pz path=B-0707"}},
		{name: "move/straits", phase: "soviet-general",
			mapx:   "straits = [[\"B-0505\", \"B-0605\"]]",
			units:  us("a soviet infantry 8/4 6 B-0505", "b soviet infantry 8/4 6 B-0506", "t soviet tank 14/7 8 B-0504", "g axis infantry 6/3 4 B-0110"),
			script: "move t B-0505 B-0605\nmove a B-0605\nmove b B-0505 B-0605\n" + strings.Repeat("end\n", 10) + "move a B-0705\nmove b B-0505 B-0605",
			want:   []string{"move unit=a mp=2", "phase phase=soviet-general turn=Aug_1941", "move unit=b mp=3"},
			refuse: []string{"may not cross the straits", "already used its 1 crossing"}},
		{name: "move/mud-halves", start: "Sep/Oct 1941", phase: "soviet-general", dice: []int{1},
			units:  us("a soviet infantry 8/4 6 B-0505"),
			script: "move a B-0605 B-0705 B-0805 B-0905\nmove a B-0605 B-0705 B-0805",
			want:   []string{"weather die=1 weather=mud", "move unit=a mp=3 allowance=3"}, refuse: []string{"only 0 of 3"}},
		{name: "move/mud-roll-clear", start: "Sep/Oct 1941", phase: "soviet-general", dice: []int{4},
			units:  us("a soviet infantry 8/4 6 B-0505"),
			script: "move a B-0605 B-0705 B-0805 B-0905",
			want:   []string{"weather die=4 weather=clear", "move unit=a mp=4 allowance=6"}},
		{name: "move/snow-plus-one", start: "Nov/Dec 1941", phase: "soviet-general", dice: []int{3},
			mapx:   "[map.terrain]\nforest = [\"B-0705\"]",
			units:  us("a soviet infantry 8/4 6 B-0505"),
			script: "move a B-0605 B-0705",
			want:   []string{"weather die=3 weather=snow", "move unit=a mp=5"}},
		{name: "move/out-of-supply", phase: "soviet-general", mapx: wall(false, "lake"),
			units:  us("a soviet infantry 8/4 6 B-0205"),
			script: "move a B-0204 B-0203 B-0202 B-0201\nmove a B-0204 B-0203 B-0202",
			want:   []string{"move unit=a mp=3 allowance=3"}, refuse: []string{"of 3"}},
		{name: "supply/enemy-zoc-blocks", phase: "soviet-general", mapx: wall(true, "lake"),
			units:  us("a soviet infantry 8/4 6 B-0205", "c soviet infantry 8/4 6 B-0305", "g axis infantry 6/3 4 B-0306"),
			script: "move a B-0204 B-0203 B-0202",
			want:   []string{"move unit=a allowance=3"}},
		{name: "supply/friend-opens-zoc", phase: "soviet-general", mapx: wall(true, "lake"),
			units:  us("a soviet infantry 8/4 6 B-0205", "b soviet infantry 8/4 6 B-0405", "c soviet infantry 8/4 6 B-0305", "g axis infantry 6/3 4 B-0306"),
			script: "move a B-0204 B-0203 B-0202",
			want:   []string{"move unit=a allowance=6"}},
		{name: "supply/enemy-unit-blocks", phase: "soviet-general", mapx: wall(true, "lake"),
			units:  us("a soviet infantry 8/4 6 B-0205", "g axis infantry 6/3 4 B-0405"),
			script: "move a B-0204 B-0203",
			want:   []string{"move unit=a allowance=3"}},
		{name: "supply/black-sea", phase: "soviet-general",
			mapx:   "[[map.city]]\nhex = \"B-0305\"\nname = \"West Port\"\nkind = \"minor\"\n[[map.city]]\nhex = \"B-0505\"\nname = \"East Port\"\nkind = \"minor\"\n" + wall(false, "sea"),
			units:  us("a soviet infantry 8/4 6 B-0205"),
			script: "move a B-0204 B-0203 B-0202 B-0201",
			want:   []string{"move unit=a allowance=6"}},
		{name: "supply/black-sea-port-lost", phase: "soviet-general",
			mapx:   "[[map.city]]\nhex = \"B-0305\"\nname = \"West Port\"\nkind = \"minor\"\n[[map.city]]\nhex = \"B-0505\"\nname = \"East Port\"\nkind = \"minor\"\n[map.control]\naxis = [\"B-0505\"]\n" + wall(false, "sea"),
			units:  us("a soviet infantry 8/4 6 B-0205"),
			script: "move a B-0204 B-0203 B-0202",
			want:   []string{"move unit=a allowance=3"}},
		{name: "supply/judged-at-phase-start", phase: "soviet-general", mapx: wall(true, "lake"),
			units:  us("a soviet infantry 8/4 6 B-0205", "b soviet infantry 8/4 6 B-0405", "c soviet infantry 8/4 6 B-0305", "g axis infantry 6/3 4 B-0306"),
			script: "move b B-0505\nmove a B-0204 B-0203 B-0202 B-0201 B-0101",
			want:   []string{"move unit=b", "move unit=a allowance=6"}},
	})
}

func TestRailRules(t *testing.T) {
	line := "[[map.rail]]\nhexes = [\"B-1505\", \"B-1605\", \"B-1705\", \"B-1805\", \"B-1905\", \"B-2005\"]\n[[map.rail]]\nhexes = [\"B-0101\", \"B-0201\", \"B-0301\"]\n"
	runCases(t, []ruleCase{
		{name: "rail/not-on-rail", phase: "soviet-rail", mapx: line,
			units:  us("a soviet infantry 8/4 6 B-1507"),
			script: "rail a B-1805",
			refuse: []string{"not on a rail hex"}},
		{name: "rail/any-distance-and-through-friends", phase: "soviet-rail", mapx: line,
			units:  us("a soviet infantry 8/4 6 B-2005", "b soviet infantry 8/4 6 B-1805"),
			script: "rail a B-1805\nrail a B-1505",
			want:   []string{"rail unit=a path=B-1905,B-1805,B-1705,B-1605,B-1505"}, refuse: []string{"may not end its move in B-1805"}},
		{name: "rail/moved-twice", phase: "soviet-rail", mapx: line,
			units:  us("a soviet infantry 8/4 6 B-2005"),
			script: "rail a B-1805\nrail a B-1505",
			want:   []string{"rail unit=a"}, refuse: []string{"already moved by rail"}},
		{name: "rail/off-map-link", phase: "soviet-rail", mapx: "rail_links = [[\"B-1505\", \"B-0301\"]]\n" + line,
			units:  us("a soviet infantry 8/4 6 B-2005"),
			script: "rail a B-0101",
			want:   []string{"rail unit=a path=B-1905,B-1805,B-1705,B-1605,B-1505,B-0301,B-0201,B-0101"}},
		{name: "rail/not-a-line", phase: "soviet-rail", mapx: line,
			units:  us("a soviet infantry 8/4 6 B-2005"),
			script: "rail a B-0101",
			refuse: []string{"no rail line joins"}},
		// GDW: Zones of Control / Movement: a unit entering an enemy ZOC
		// stops; the rail rules make no exception. B-1705 is in g's ZOC.
		{name: "rail/enemy-zoc-stops", phase: "soviet-rail", mapx: line,
			units:  us("a soviet infantry 8/4 6 B-2005", "g axis infantry 6/3 4 B-1704"),
			script: "rail a B-1505\nrail a B-1705",
			want:   []string{"rail unit=a path=B-1905,B-1805,B-1705"},
			refuse: []string{"B-1705 lies on the way and is in an enemy zone of control: a unit entering one stops there (GDW: Zones of Control / Movement)"}},
		{name: "rail/leave-enemy-zoc", phase: "soviet-rail", mapx: line,
			units:  us("a soviet infantry 8/4 6 B-1705", "g axis infantry 6/3 4 B-1704"),
			script: "rail a B-1505",
			want:   []string{"rail unit=a path=B-1605,B-1505"}},
		{name: "rail/enemy-unit-blocks", phase: "soviet-rail", mapx: line,
			units:  us("a soviet infantry 8/4 6 B-1805", "g axis infantry 6/3 4 B-1705"),
			script: "rail a B-1505",
			refuse: []string{"B-1705 lies on the way and holds an enemy unit"}},
		{name: "rail/reinforcement-on-edge-rail", phase: "soviet-reinforcement", mapx: line,
			units: us("r soviet infantry 8/4 6 - arrives=Aug_1941") + us("g axis infantry 6/3 4 B-0110"),
			start: "Aug 1941", script: "place r B-2005\nend\nrail r B-1505",
			want: []string{"arrive unit=r", "place unit=r hex=B-2005", "rail unit=r"}},
		{name: "rail/wrong-phase", phase: "soviet-general", mapx: line,
			units:  us("a soviet infantry 8/4 6 B-2005"),
			script: "rail a B-1505",
			refuse: []string{"not a rail phase"}},
	})
}

func TestWeatherRules(t *testing.T) {
	runCases(t, []ruleCase{
		{name: "weather/four-rolls-a-turn", start: "Jan/Feb 1942", phase: "axis-reinforcement", dice: []int{4, 1, 5, 2},
			units:  us("g axis infantry 6/3 4 B-0105", "s soviet infantry 8/4 6 B-1905"),
			script: strings.Repeat("end\n", 10),
			want: []string{"weather phase=axis-panzer die=4 weather=clear", "weather phase=axis-general die=1 weather=snow",
				"weather phase=soviet-armor die=5 weather=clear", "weather phase=soviet-general die=2 weather=snow", "phase phase=axis-reinforcement turn=Mar/Apr_1942"}},
		{name: "weather/no-roll-unmarked", phase: "axis-reinforcement",
			units:  us("g axis infantry 6/3 4 B-0105"),
			script: strings.Repeat("end\n", 10),
			check: func(t *testing.T, g *Game) {
				if n := len(find(g.Log(), "weather")); n != 0 {
					t.Errorf("%d weather rolls in Jul 1941, want 0", n)
				}
				if g.rolls != 0 {
					t.Errorf("%d dice rolled", g.rolls)
				}
			}},
	})
}

// TestSupplySourcesHook checks that a rules hook can add supply sources:
// a house module makes a pocket's city a source.
func TestSupplySourcesHook(t *testing.T) {
	dir := t.TempDir()
	house := dir + "/airlift.lua"
	src := "local R = require(\"base\")\nR.id = \"airlift\"\nfunction R.supply_sources(side)\n  if side == \"soviet\" then return { \"B-0205\" } end\nend\nreturn R\n"
	if err := os.WriteFile(house, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	c := ruleCase{name: "airlift", phase: "soviet-general", mapx: wall(false, "lake"),
		units: us("a soviet infantry 8/4 6 B-0204")}
	g, evs := newTestGame(t, c.toml(), Options{Rules: house})
	script(t, g, "move a B-0203 B-0202 B-0201 B-0101")
	if len(find(*evs, "move")) != 1 || find(*evs, "move")[0].Get("allowance") != 6 {
		t.Errorf("the pocket is not supplied through the added source:\n%s", jsonLog(t, *evs))
	}
}
