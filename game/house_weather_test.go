package game

import (
	"fmt"
	"strings"
	"testing"
)

// reachMP is the MP a unit's reach (gpw reach) spends to end in hex, -1
// when it cannot.
func reachMP(t *testing.T, g *Game, unit, hex string) int {
	t.Helper()
	r, err := g.ReachOf(unit)
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range r.Hexes {
		if h.Hex == hex && h.End {
			return h.MP
		}
	}
	return -1
}

// The weather's movement costs of rules/house/rasputitsa.lua: dearer for
// armour in mud, cheaper swamps for all in snow; reach, the legal moves
// and the move event all use them.
func TestHouseRasputitsa(t *testing.T) {
	ras := houseRules(t, "rasputitsa.lua")
	mud := ruleCase{name: "house/rasputitsa-mud", start: "Sep/Oct 1941", phase: "soviet-armor", dice: []int{1},
		units: us("g axis infantry 4/2 4 B-0110", "t soviet tank 8/4 8 B-1505"), script: "move t B-1305"}
	for _, tt := range []struct {
		rules          string
		reach2, reach3 int // MP to end 2 and 3 hexes west
		moved          string
	}{
		{"", 2, 3, "move unit=t mp=2 allowance=4 weather=mud"},
		{ras, 4, -1, "move unit=t mp=4 allowance=4 weather=mud"},
	} {
		g, evs := playCase(t, mud, Options{Rules: tt.rules})
		expectEvents(t, evs, []string{"weather die=1 weather=mud", tt.moved})
		g2, _ := newTestGame(t, mud.toml(), Options{Rules: tt.rules, Dice: []int{1}})
		if got := reachMP(t, g2, "t", "B-1305"); got != tt.reach2 {
			t.Errorf("%s: reach spends %d MP to B-1305, want %d", tt.rules, got, tt.reach2)
		}
		if got := reachMP(t, g2, "t", "B-1205"); got != tt.reach3 {
			t.Errorf("%s: reach spends %d MP to B-1205, want %d", tt.rules, got, tt.reach3)
		}
		_ = g
	}
	// a forest in mud stops armour: it may enter and go no further
	forest := mud
	forest.mapx = "[map.terrain]\nforest = [\"B-1405\"]"
	forest.script = "move t B-1405 B-1305"
	forest.refuse = []string{"must stop in B-1405"}
	playCase(t, forest, Options{Rules: ras})

	snow := ruleCase{name: "house/rasputitsa-snow", start: "Nov/Dec 1941", phase: "soviet-general", dice: []int{1},
		mapx:  "[map.terrain]\nswamp = [\"B-1405\"]",
		units: us("g axis infantry 4/2 4 B-0110", "i soviet infantry 8/4 6 B-1505"), script: "move i B-1405"}
	_, evs := playCase(t, snow, Options{})
	expectEvents(t, evs, []string{"weather weather=snow", "move unit=i mp=4 weather=snow"})
	_, evs = playCase(t, snow, Options{Rules: ras})
	expectEvents(t, evs, []string{"weather weather=snow", "move unit=i mp=3 weather=snow"})
}

// Ski troops (rules/house/ski.lua): snow's added MP spares their kind only.
func TestHouseSki(t *testing.T) {
	c := ruleCase{name: "house/ski", start: "Nov/Dec 1941", phase: "soviet-general", dice: []int{1},
		units:  us("g axis infantry 4/2 4 B-0110", "s soviet ski 6/3 4 B-1505", "i soviet infantry 6/3 4 B-1508"),
		script: "move s B-1405 B-1305 B-1205 B-1105\nmove i B-1408 B-1308 B-1208"}
	g, evs := newTestGame(t, c.toml(), Options{Rules: houseRules(t, "ski.lua"), Dice: c.dice})
	if mp := reachMP(t, g, "s", "B-1105"); mp != 4 {
		t.Errorf("ski troops reach B-1105 for %d MP, want 4", mp)
	}
	if mp := reachMP(t, g, "i", "B-1308"); mp != 4 {
		t.Errorf("infantry reaches B-1308 for %d MP, want 4 (2 a hex in snow)", mp)
	}
	refused := script(t, g, c.script)
	expectEvents(t, *evs, []string{"weather weather=snow", "move unit=s mp=4 weather=snow"})
	if len(refused) != 1 || !strings.Contains(refused[0], "costs 2 MP") {
		t.Errorf("refusals %q, want the infantry's third hex refused for want of MP", refused)
	}
}

// Regional mud (rules/house/mudzones.lua): two zones roll their own
// weather; a unit in the muddy north has its allowance halved, one in the
// dry south not, and the weather events name the zone.
func TestHouseMudZones(t *testing.T) {
	c := ruleCase{name: "house/mudzones", start: "Sep/Oct 1941", phase: "soviet-general", dice: []int{1, 1, 6, 6},
		units: us("g axis infantry 4/2 4 B-0101", "n soviet infantry 6/3 6 B-1505", "s soviet infantry 6/3 6 B-1520")}
	toml := strings.Replace(c.toml(), "rows = 10", "rows = 20", 1)
	g, evs := newTestGame(t, toml, Options{Rules: houseRules(t, "mudzones.lua"), Dice: c.dice})
	expectEvents(t, *evs, []string{"weather die=2 weather=mud zone=north", "weather die=12 weather=clear zone=south"})
	if g.WeatherAt(g.S.Units[0].Hex) != "mud" {
		t.Errorf("the north's weather is %s", g.WeatherAt(g.S.Units[0].Hex))
	}
	if mp := g.MP(1); mp != 3 {
		t.Errorf("the unit in the muddy north has %d MP, want 3", mp)
	}
	if mp := g.MP(2); mp != 6 {
		t.Errorf("the unit in the dry south has %d MP, want 6", mp)
	}
	if mp := reachMP(t, g, "s", "B-0920"); mp != 6 {
		t.Errorf("the southern unit reaches B-0920 for %d MP, want 6", mp)
	}
	if txt, err := g.ShowHex("B-1505"); err != nil || !strings.Contains(txt, "weather: mud (north)") {
		t.Errorf("show B-1505 does not say its weather: %v\n%s", err, txt)
	}
	if st := g.Status(); !strings.Contains(st.String(), "north: mud") {
		t.Errorf("show does not say the zones' weather:\n%s", st)
	}
}

// TestRiverByClassAndWeather: a river crossing priced by class, and a
// weather that freezes rivers (river_extra 0 in snow): reach and moves
// use them.
func TestRiverByClassAndWeather(t *testing.T) {
	rules := writeModule(t, "rivers.lua", `local R = require("base")
R.id = "rivers"
R.river_extra = { armor = 3 }
R.weather.snow.river_extra = 0
return R
`)
	river := "[[map.river]]\nsides = [[\"B-1505\", \"B-1405\"]]\n"
	for _, tt := range []struct {
		start string
		dice  []int
		t, i  int // MP to cross into B-1405: tank, infantry
	}{
		{"Sep/Oct 1941", []int{6}, 4, 1},
		{"Nov/Dec 1941", []int{1}, 2, 2}, // snow: +1 a hex, rivers frozen
	} {
		c := ruleCase{name: "rivers", start: tt.start, phase: "soviet-general", mapx: river,
			units: us("g axis infantry 4/2 4 B-0110", "t soviet tank 8/4 8 B-1505", "i soviet infantry 6/3 6 B-1506")}
		g, evs := newTestGame(t, c.toml(), Options{Rules: rules, Dice: tt.dice})
		if refused := script(t, g, "move t B-1405\nmove i B-1406"); len(refused) > 0 {
			t.Fatalf("%s: %v", tt.start, refused)
		}
		expectEvents(t, *evs, []string{fmt.Sprintf("move unit=t mp=%d", tt.t), fmt.Sprintf("move unit=i mp=%d", tt.i)})
	}
}
