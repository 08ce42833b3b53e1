package game

import (
	"strings"
	"testing"

	"gpw/core"
)

// TestAfterBattle: results(b) and after_battle(b, result) see the battle's
// odds, column and die; after_battle runs once the results are carried
// out (the defender has retreated), with gpw.battle() still naming it.
func TestAfterBattle(t *testing.T) {
	body := `
R.results.DR = function(b)
  gpw.emit("seen", "results", {"odds", b.odds, "column", b.column, "die", b.die})
  gpw.retreat(2) gpw.advance()
end
function R.after_battle(b, result)
  local d = gpw.battle()
  gpw.emit("after", "after_battle", {"result", result, "odds", R.ratio_label(b.odds), "column", R.ratio_label(b.column), "die", b.die, "defender_at", gpw.unit(d).hex})
end`
	g, err := hostileGame(t, "combat-zoc-retreat", body, Options{Dice: []int{2}, Auto: true})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Exec(attack); err != nil {
		t.Fatal(err)
	}
	var seen, after *Event
	for i, e := range g.Log() {
		switch e.Kind {
		case "seen":
			seen = &g.Log()[i]
		case "after":
			after = &g.Log()[i]
		}
	}
	if seen == nil || after == nil {
		t.Fatalf("results or after_battle did not run:\n%s", strings.Join(logLines(g.Log()), "\n"))
	}
	if seen.Get("die") != 2 || seen.Get("column") == nil || seen.Get("odds") == nil {
		t.Errorf("results saw %v", seen.Fields)
	}
	if after.Get("result") != "DR" || after.Get("die") != 2 || after.Get("defender_at") == "B-1603" {
		t.Errorf("after_battle saw %v (the defender should have retreated from B-1603)", after.Fields)
	}
	checkSaveReloads(t, g)
}

// chitModule interleaves the sides' phases (chit-pull activation); with
// marks, "id!" ends that side's player turn.
func chitModule(mark string) string {
	return `local R = require("base")
R.id = "chit"
function R.phase_order(turn)
  return { "axis-reinforcement", "soviet-reinforcement", "axis-rail", "soviet-rail", "axis-panzer", "soviet-armor",
    "axis-combat", "soviet-combat", "axis-general` + mark + `", "soviet-general` + mark + `" }
end
return R
`
}

// TestPhaseOrderEnds: phase_order marks the end of each player turn, so a
// victory check fires once per player turn however the sides alternate;
// unmarked, every change of side ends one (as before).
func TestPhaseOrderEnds(t *testing.T) {
	c := ruleCase{name: "chit", phase: "axis-reinforcement", last: "Aug 1941",
		mapx:  city("B-1005", "Town", "minor", ""),
		units: us("g axis infantry 6/3 4 B-1005", "s soviet infantry 8/4 6 B-1505"),
		extra: "[victory]\ntext = \"Town\"\n[[victory.condition]]\nside = \"axis\"\nwhen = \"axis-turn\"\nhold = \"occupy\"\ncities = [\"Town\"]\nresult = \"marginal\"\n"}
	for _, tt := range []struct {
		mark string
		want int
	}{{"!", 1}, {"", 5}} {
		rules := writeModule(t, "chit.lua", chitModule(tt.mark))
		g, evs := newTestGame(t, c.toml(), Options{Rules: rules, Dice: []int{6, 6, 6, 6}})
		if err := endAll(t, g, 10); err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, e := range *evs {
			if e.Kind == "victory" && e.Get("turn") == "Jul 1941" {
				n++
			}
		}
		if n != tt.want {
			t.Errorf("marks %q: %d axis-turn victory checks met in Jul 1941, want %d", tt.mark, n, tt.want)
		}
	}
}

// TestRetreatOrder: retreat_order refuses or changes a retreat (a
// no-retreat order for units in a city, ...), and the engine carries out
// its answer with a note citing the rule.
func TestRetreatOrder(t *testing.T) {
	for _, tt := range []struct {
		answer string
		want   string // a line of the log
		moved  bool   // the defender left B-1603
		alive  bool
	}{
		{"nil", "", true, true},
		{"0, 'no-retreat order', 'House: Stalin order 227'", "note: ", false, true},
		{"'eliminate', 'no-retreat order', 'House'", "is eliminated instead of retreating: no-retreat order", false, false},
		{"'stand'", "stands, losing a step instead of retreating", false, true},
		{"1", "retreats 1 hexes, not 2", true, true},
	} {
		body := "function R.retreat_order(u, hexes, may_stand) return " + tt.answer + " end"
		g, err := hostileGame(t, "combat-zoc-retreat", body, Options{Dice: []int{2}, Auto: true})
		if err != nil {
			t.Fatal(err)
		}
		d := g.S.Occupant(mustHex(t, g, "B-1603"))
		if err := g.Exec(attack); err != nil {
			t.Fatal(err)
		}
		lines := strings.Join(logLines(g.Log()), "\n")
		if tt.want != "" && !strings.Contains(lines, tt.want) {
			t.Errorf("%s: the log lacks %q:\n%s", tt.answer, tt.want, lines)
		}
		u := &g.S.Units[d]
		if moved := u.Hex != mustHex(t, g, "B-1603"); moved != tt.moved && u.Status.String() == "on map" {
			t.Errorf("%s: the defender moved %v, want %v", tt.answer, moved, tt.moved)
		}
		if alive := u.Status.String() == "on map"; alive != tt.alive {
			t.Errorf("%s: the defender is %s", tt.answer, u.Status)
		}
		checkSaveReloads(t, g)
	}
}

// TestSupplyLines: supply_lines limits how far supply reaches from the
// edge and adds depots with their own range; the phase's supply judgment
// and the queries use it.
func TestSupplyLines(t *testing.T) {
	c := ruleCase{name: "supply-lines", phase: "axis-general",
		units: us("g axis infantry 6/3 4 B-0605", "h axis infantry 6/3 4 B-0205", "s soviet infantry 8/4 6 B-1909")}
	for _, tt := range []struct {
		hook     string
		g, h, gs bool // g and h in supply; the depot changes nothing for the Soviets
	}{
		{"", true, true, true},
		{"function R.supply_lines(side) if side == 'axis' then return { edge_range = 3 } end end", false, true, true},
		{"function R.supply_lines(side) if side == 'axis' then return { edge_range = 3, depots = { {'B-0805', 2} } } end end", true, true, true},
		{"function R.supply_lines(side) return { edge_range = 0 } end", false, false, false},
	} {
		rules := writeModule(t, "lines.lua", "local R = require(\"base\")\nR.id = \"lines\"\n"+tt.hook+"\nreturn R\n")
		g, _ := newTestGame(t, c.toml(), Options{Rules: rules})
		for id, want := range map[string]bool{"g": tt.g, "h": tt.h} {
			k, _ := g.S.UnitByID(id)
			if got := g.inSupply(k); got != want {
				t.Errorf("%q: %s in supply %v, want %v", tt.hook, id, got, want)
			}
		}
		k, _ := g.S.UnitByID("s")
		if got := g.Trace(core.Soviet).Has(g.S.Units[k].Hex); got != tt.gs {
			t.Errorf("%q: the Soviet unit traces supply %v, want %v", tt.hook, got, tt.gs)
		}
	}
}

// TestHeldPool: a [[pool]] of kind held keeps its units off the map until
// the module places them: a reserve released by a die roll.
func TestHeldPool(t *testing.T) {
	c := ruleCase{name: "held", phase: "soviet-reinforcement", start: "Aug 1941", top: "units = \"gdw\"\nunlisted = \"absent\"\n",
		units: us("g axis infantry 6/3 4 B-0110", "r1 soviet infantry 6/3 6 -", "r2 soviet infantry 6/3 6 -"),
		extra: "[[pool]]\nname = \"Stavka reserve\"\nkind = \"held\"\nside = \"soviet\"\nunits = [\"r1\", \"r2\"]\n"}
	rules := writeModule(t, "reserve.lua", `local R = require("base")
R.id = "reserve"
local base_start = R.on_phase_start
function R.on_phase_start(phase)
  base_start(phase)
  if phase.kind ~= "reinforcement" or phase.side ~= "soviet" then return end
  local die = gpw.roll()
  if die > 3 then return end
  for _, p in ipairs(gpw.pools()) do
    if p.kind == "held" then
      for i, id in ipairs(p.units) do
        if gpw.unit(id).status == "pending" then gpw.place(id, "B-20" .. string.format("%02d", i)) end
      end
    end
  end
  gpw.emit("reserve", "the reserve is released", {"die", die})
end
return R
`)
	for _, tt := range []struct {
		die    int
		placed bool
	}{{4, false}, {2, true}} {
		g, _ := newTestGame(t, c.toml(), Options{Rules: rules, Dice: []int{tt.die}})
		k, _ := g.S.UnitByID("r2")
		if placed := g.S.Units[k].Status == core.OnMap; placed != tt.placed {
			t.Errorf("die %d: r2 placed %v, want %v (%s)", tt.die, placed, tt.placed, g.S.Units[k].Status)
		}
		if len(g.Waiting(core.Soviet)) != 0 {
			t.Errorf("die %d: held units wait to be placed by the player: %v", tt.die, g.Waiting(core.Soviet))
		}
	}
}

// TestADC2OutOfSupplyMove: ADC2 halves the allowance out of supply in its
// own allowance hook (R.supply_effects.mp_half = false), citing its rule;
// GDW's engine halving is data in base.lua.
func TestADC2OutOfSupplyMove(t *testing.T) {
	c := ruleCase{name: "adc2/out-of-supply-move", variant: "adc2", phase: "soviet-move2", mapx: lakeColumn(16, 5),
		units:  us("g axis infantry 6/3 6 B-1605", "s soviet infantry 8/4 6 B-1105"),
		script: "move s B-1005 B-0905 B-0805 B-0705\nmove s B-1005 B-0905 B-0805",
		want:   []string{"move unit=s mp=3 allowance=3 allowance_rule=ADC2:_Supply"},
		refuse: []string{"only 0 of 3 are left: the allowance is 3: out of supply: allowance halved (ADC2: Supply)"}}
	playCase(t, c, Options{})
}
