package game

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeModule writes a rules module into a temporary folder and returns
// its path.
func writeModule(t testing.TB, name, src string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// orderModule orders each turn as its month says: Jul as GDW prints it;
// Aug with the Soviet player turn first; Sep/Oct with no Axis
// reinforcement phase and the Soviet general movement phase twice;
// Nov/Dec three phases only; Jan/Feb an order of phases the rules do not
// have.
const orderModule = `local R = require("base")
R.id = "order"
local function side(s)
  local out = {}
  for _, p in ipairs(R.phases) do
    if p.side == s then out[#out + 1] = p.id end
  end
  return out
end
function R.phase_order(turn)
  if turn.month == "Aug" then
    local ids = side("soviet")
    for _, id in ipairs(side("axis")) do ids[#ids + 1] = id end
    gpw.emit("order", "the Soviet player moves first", {"turn", turn.name})
    return ids
  elseif turn.month == "Sep/Oct" then
    return { "axis-rail", "axis-panzer", "axis-combat", "axis-general",
      "soviet-reinforcement", "soviet-rail", "soviet-armor", "soviet-combat", "soviet-general", "soviet-general" }
  elseif turn.month == "Nov/Dec" then
    return { "axis-reinforcement", "axis-general", "soviet-general" }
  elseif turn.month == "Jan/Feb" then
    return { "axis-reinforcement", "axis-lunch" }
  end
end
return R
`

// endAll ends phases (placing arrivals) until a command fails or n
// phases have ended; it returns the failure.
func endAll(t *testing.T, g *Game, n int) error {
	t.Helper()
	for range n {
		if g.Phase().Kind == "reinforcement" && len(g.Waiting(g.Phase().Side)) > 0 {
			script(t, g, "place auto")
		}
		if err := g.Exec("end"); err != nil {
			return err
		}
	}
	return nil
}

// TestPhaseOrder: the phase_order hook sets each turn's order of phases;
// reinforcements, withdrawals, replacement points, weather rolls and the
// victory checks at the end of each player turn follow the order played.
// A turn that leaves out a side's reinforcement phase brings its units in
// the next one; a repeated phase rolls its weather again.
func TestPhaseOrder(t *testing.T) {
	rules := writeModule(t, "order.lua", orderModule)
	c := ruleCase{name: "order", phase: "axis-general", last: "Jan/Feb 1942",
		mapx: city("B-1005", "Town", "minor", ""),
		units: us("g axis infantry 6/3 4 B-1005", "s soviet infantry 8/4 6 B-1505",
			"g2 axis infantry 6/3 4 - arrives=Aug_1941", "g3 axis infantry 6/3 4 - arrives=Sep/Oct_1941",
			"s2 soviet infantry 6/3 6 - arrives=Aug_1941", "s3 soviet infantry 6/3 6 B-1909 withdraws=Aug_1941"),
		extra: `
[[replacements]]
turn = "Aug 1941"
axis = 1
soviet = 2

[[replacements]]
turn = "Sep/Oct 1941"
axis = 3
soviet = 4

[victory]
text = "whoever holds Town"
[[victory.condition]]
side = "axis"
when = "axis-turn"
hold = "occupy"
cities = ["Town"]
result = "marginal"
[[victory.condition]]
side = "axis"
when = "soviet-turn"
hold = "occupy"
cities = ["Town"]
result = "decisive"
`}
	// the weather rolls of Sep/Oct and Nov/Dec, forced
	g, evs := newTestGame(t, c.toml(), Options{Rules: rules, Dice: []int{6, 2, 5, 4, 2, 2, 1}})
	err := endAll(t, g, 40)
	if err == nil || !strings.Contains(err.Error(), `order.lua: phase_order returned "axis-lunch", not a phase of the rules (axis-reinforcement, axis-rail,`) {
		t.Fatalf("the Jan/Feb order was not refused: %v", err)
	}
	if st := g.Status(); st.Turn != "Nov/Dec 1941" || st.Phase != "soviet-general" {
		t.Errorf("after the refused order the game is at %s %s, want Nov/Dec 1941 soviet-general as it was", st.Turn, st.Phase)
	}
	if ids, at := g.TurnOrder(); strings.Join(ids, " ") != "axis-reinforcement axis-general soviet-general" || at != 2 {
		t.Errorf("the turn's order %v, at %d", ids, at)
	}
	var got []string
	for _, e := range *evs {
		switch e.Kind {
		case "phase", "arrive", "withdraw", "points", "order", "weather":
			got = append(got, e.Kind.String()+": "+e.Text)
		case "victory":
			got = append(got, "victory: "+e.Get("result").(string)+" at the end of the "+e.Get("when").(string)+" of "+e.Get("turn").(string))
		}
	}
	want := []string{
		// Jul 1941, GDW's order: the Axis player turn ends
		"victory: marginal at the end of the axis-turn of Jul 1941",
		"phase: Jul 1941: soviet-reinforcement", "phase: Jul 1941: soviet-rail", "phase: Jul 1941: soviet-armor", "phase: Jul 1941: soviet-combat",
		"phase: Jul 1941: soviet-general",
		"victory: decisive at the end of the soviet-turn of Jul 1941",
		// Aug 1941: the Soviet player turn first, and its end checked when the Axis begins
		"order: the Soviet player moves first",
		"phase: Aug 1941: soviet-reinforcement", "withdraw: s3 is withdrawn", "arrive: s2 arrives (half strength): place it",
		"points: soviet receives 2 replacement points",
		"phase: Aug 1941: soviet-rail", "phase: Aug 1941: soviet-armor", "phase: Aug 1941: soviet-combat", "phase: Aug 1941: soviet-general",
		"victory: decisive at the end of the soviet-turn of Aug 1941",
		"phase: Aug 1941: axis-reinforcement", "arrive: g2 arrives (full strength): place it", "points: axis receives 1 replacement points",
		"phase: Aug 1941: axis-rail", "phase: Aug 1941: axis-panzer", "phase: Aug 1941: axis-combat", "phase: Aug 1941: axis-general",
		"victory: marginal at the end of the axis-turn of Aug 1941",
		// Sep/Oct 1941: no Axis reinforcement phase, so g3 and the Axis
		// points wait; each Soviet general movement phase rolls its weather
		"phase: Sep/Oct 1941: axis-rail", "phase: Sep/Oct 1941: axis-panzer", "weather: weather roll 6: clear for axis-panzer (GDW: Weather)",
		"phase: Sep/Oct 1941: axis-combat", "phase: Sep/Oct 1941: axis-general", "weather: weather roll 2: mud for axis-general (GDW: Weather)",
		"victory: marginal at the end of the axis-turn of Sep/Oct 1941",
		"phase: Sep/Oct 1941: soviet-reinforcement", "points: soviet receives 4 replacement points",
		"phase: Sep/Oct 1941: soviet-rail", "phase: Sep/Oct 1941: soviet-armor", "weather: weather roll 5: clear for soviet-armor (GDW: Weather)",
		"phase: Sep/Oct 1941: soviet-combat",
		"phase: Sep/Oct 1941: soviet-general", "weather: weather roll 4: clear for soviet-general (GDW: Weather)",
		"phase: Sep/Oct 1941: soviet-general", "weather: weather roll 2: mud for soviet-general (GDW: Weather)",
		"victory: decisive at the end of the soviet-turn of Sep/Oct 1941",
		// Nov/Dec 1941: g3 arrives a turn late; the Sep/Oct Axis points are lost
		"phase: Nov/Dec 1941: axis-reinforcement", "arrive: g3 arrives (full strength): place it",
		"phase: Nov/Dec 1941: axis-general", "weather: weather roll 2: snow for axis-general (GDW: Weather)",
		"victory: marginal at the end of the axis-turn of Nov/Dec 1941",
		"phase: Nov/Dec 1941: soviet-general", "weather: weather roll 1: snow for soviet-general (GDW: Weather)",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("log:\n  %s\nwant:\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
}

// TestPhaseOrderSupply: supply is judged as each movement, combat and
// reinforcement phase begins, for the side whose phase it is, in the order
// played: an Axis move at the end of one turn cuts off a Soviet unit that
// moves first in the next.
func TestPhaseOrderSupply(t *testing.T) {
	rules := writeModule(t, "sovietfirst.lua", `local R = require("base")
R.id = "sovietfirst"
function R.phase_order(turn)
  if turn.month == "Jun" then return nil end
  local ids = {}
  for _, s in ipairs({"soviet", "axis"}) do
    for _, p in ipairs(R.phases) do
      if p.side == s then ids[#ids + 1] = p.id end
    end
  end
  return ids
end
return R
`)
	// a lake from north to south along column 16 but for B-1605: g in
	// B-1605 cuts s off from the Soviet edge
	var lake []string
	for r := 1; r <= 10; r++ {
		if r != 5 {
			lake = append(lake, fmt.Sprintf("%q", fmt.Sprintf("B-16%02d", r)))
		}
	}
	c := ruleCase{name: "supply", start: "Jun 1941", phase: "axis-general", mapx: "[map.terrain]\nlake = [" + strings.Join(lake, ", ") + "]\n",
		units:  us("g axis infantry 6/3 6 B-1909", "s soviet infantry 8/4 6 B-1105"),
		script: strings.Repeat("end\n", 10) + "move s B-1005\n" + strings.Repeat("end\n", 5) + "move g B-1605\n" + strings.Repeat("end\n", 5) + "move s B-0905"}
	g, evs := newTestGame(t, c.toml(), Options{Rules: rules})
	if refused := script(t, g, c.script); len(refused) != 0 {
		t.Fatalf("refused %q", refused)
	}
	expectEvents(t, *evs, []string{"phase phase=soviet-reinforcement turn=Jul_1941", "phase phase=soviet-general turn=Jul_1941", "move unit=s allowance=6",
		"phase phase=axis-general turn=Jul_1941", "move unit=g", "phase phase=soviet-reinforcement turn=Aug_1941",
		"phase phase=soviet-general turn=Aug_1941", "move unit=s allowance=3"})
}

// TestPhaseOrderDice: a phase_order hook that rolls a die takes it from
// the turn's own stream: the phases' dice are those of a game without it.
func TestPhaseOrderDice(t *testing.T) {
	rolling := writeModule(t, "rolling.lua", `local R = require("base")
R.id = "rolling"
function R.phase_order(turn)
  gpw.emit("rolled", "a die for nothing: " .. gpw.roll())
end
return R
`)
	c := ruleCase{name: "dice", phase: "axis-general", start: "Aug 1941", last: "Nov/Dec 1941",
		units: us("g axis infantry 6/3 4 B-0105", "s soviet infantry 8/4 6 B-1505")}
	weather := func(rules string) (out []string, rolled int) {
		g, evs := newTestGame(t, c.toml(), Options{Rules: rules})
		if err := endAll(t, g, 25); err != nil {
			t.Fatal(err)
		}
		for _, e := range *evs {
			switch e.Kind {
			case "weather":
				out = append(out, e.Text)
			case "rolled":
				rolled++
			}
		}
		return out, rolled
	}
	plain, _ := weather("gdw")
	with, rolled := weather(rolling)
	if rolled < 2 || len(plain) == 0 {
		t.Fatalf("%d rolls in phase_order, %d weather rolls", rolled, len(plain))
	}
	if strings.Join(plain, "\n") != strings.Join(with, "\n") {
		t.Errorf("the weather changed with a roll in phase_order:\n%s\nvs\n%s", strings.Join(plain, "\n"), strings.Join(with, "\n"))
	}
}
