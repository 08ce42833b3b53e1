package game

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"gpw"
	"gpw/scenario"
)

// testdata/monthly: a house module with a turn a month (its own weather
// marks and rolls) and headquarters as a non-combat kind, a catalogue and
// a scenario written for it.
const monthlyFile = "testdata/monthly/monthly.toml"

func monthlyModule(t testing.TB) string {
	t.Helper()
	abs, err := filepath.Abs("testdata/monthly/monthly.lua")
	if err != nil {
		t.Fatal(err)
	}
	return abs
}

// A scenario reads and plays under its module's calendar: turn names,
// reinforcement pools, replacements and the weather of each month.
func TestLoadScenarioModuleCalendar(t *testing.T) {
	sc, err := LoadScenarioFile(monthlyFile, gpw.Data, "")
	if err != nil {
		t.Fatal(err)
	}
	pools := map[string]string{}
	for _, p := range sc.Pools() {
		pools[p.Name] = p.Turn + ":" + strings.Join(p.Units, ",")
	}
	if pools["AxisDec41"] != "Dec 1941:a-3" || pools["SovietJan42"] != "Jan 1942:s-3" {
		t.Errorf("reinforcement pools %v, want AxisDec41 (a-3) and SovietJan42 (s-3)", pools)
	}
	g, err := New(sc, Options{AutoSetup: true}, gpw.Data, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.PlayTurns(3); err != nil {
		t.Fatal(err)
	}
	if got := g.TurnName(g.turn); got != "Feb 1942" {
		t.Errorf("after three turns from Nov 1941: %s, want Feb 1942", got)
	}
	turn, arrived, weathers, points := "", map[string]string{}, map[string][]string{}, 0
	for _, e := range g.Log() {
		switch e.Kind {
		case "phase":
			turn = e.Get("turn").(string)
		case "arrive":
			arrived[e.Get("unit").(string)] = turn
		case "weather":
			weathers[turn] = append(weathers[turn], e.Get("weather").(string))
		case "points":
			if turn == "Jan 1942" && e.Get("side") == "soviet" {
				points = e.Get("points").(int)
			}
		}
	}
	if arrived["a-3"] != "Dec 1941" || arrived["s-3"] != "Jan 1942" {
		t.Errorf("arrivals %v, want a-3 in Dec 1941 and s-3 in Jan 1942", arrived)
	}
	// Dec brings snow on every roll (roll = 6); Nov brings only mud or clear.
	if w := weathers["Dec 1941"]; len(w) == 0 || strings.Count(strings.Join(w, " "), "snow") != len(w) {
		t.Errorf("Dec 1941 weather %v, want snow in every movement phase", w)
	}
	for _, w := range weathers["Nov 1941"] {
		if w != "mud" && w != "clear" {
			t.Errorf("Nov 1941 weather %v: the month's mark is mud", weathers["Nov 1941"])
		}
	}
	if points != 2 {
		t.Errorf("Soviet replacement points in Jan 1942: %d, want 2", points)
	}
}

// Turn names not of the module's calendar are refused with file and line,
// naming the rules and their turns; the default calendar refuses the
// module's.
func TestLoadScenarioCalendarErrors(t *testing.T) {
	src, err := os.ReadFile(monthlyFile)
	if err != nil {
		t.Fatal(err)
	}
	cat, err := os.ReadFile("testdata/monthly/scenarios/units/mini.toml")
	if err != nil {
		t.Fatal(err)
	}
	mod := monthlyModule(t)
	tests := []struct{ from, to, want string }{
		{`start = "Nov 1941"`, `start = "Monsoon 1941"`,
			`t.toml:5: start: "Monsoon 1941" is not a turn of the monthly rules (turns: Jan, Feb, Mar, Apr, May, Jun, Jul, Aug, Sep, Oct, Nov, Dec)`},
		{`start = "Nov 1941"`, `start = "Sep/Oct 1941"`, `t.toml:5: start: "Sep/Oct 1941" is not a turn of the monthly rules`},
		{`turn = "Dec 1941"`, `turn = "Nov/Dec 1941"`, `t.toml:35: arrives: "Nov/Dec 1941" is not a turn of the monthly rules`},
		{`turn = "Jan 1942"
axis = 1`, `turn = "Jan/Feb 1942"
axis = 1`, `t.toml:45: replacements: "Jan/Feb 1942" is not a turn of the monthly rules`},
	}
	for _, tt := range tests {
		fsys := fstest.MapFS{
			"t.toml":                    {Data: []byte(strings.Replace(string(src), tt.from, tt.to, 1))},
			"monthly.lua":               {Data: []byte("-- found by the loader; compiled from testdata")},
			"scenarios/units/mini.toml": {Data: cat},
		}
		_, err := LoadScenario(fsys, "t.toml", gpw.Data, mod)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want it to say %q", tt.to, err, tt.want)
		}
	}
	_, err = scenario.LoadFile(monthlyFile, gpw.Data)
	if want := `monthly.toml:5: start: "Nov 1941" is not a turn of the calendar (turns: Jan/Feb,`; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("the default calendar: error %v, want it to say %q", err, want)
	}
}

// A house module's non-combat kind is one for the loader too: a counter
// of that kind may have no strength, is left out rather than eliminated
// when unlisted, and takes no hex of its own in a setup area.
func TestLoadScenarioModuleNonCombat(t *testing.T) {
	sc, err := LoadScenarioFile(monthlyFile, gpw.Data, "")
	if err != nil {
		t.Fatal(err)
	}
	state := map[string]string{}
	for _, u := range sc.Units {
		state[u.ID] = u.Pool
	}
	if state["s-hq"] != "Front" {
		t.Errorf("s-hq in pool %q, want the Front setup (two armies and it in two hexes)", state["s-hq"])
	}
	if p, ok := state["s-hq2"]; ok {
		t.Errorf("unlisted headquarters s-hq2 is in pool %q, want it out of the scenario", p)
	}
	if state["s-4"] != "Removed" {
		t.Errorf("unlisted army s-4 in pool %q, want Removed (eliminated)", state["s-4"])
	}
	// The module's calendar with the default non-combat kinds: the
	// headquarters are combat units without strength.
	k := scenario.DefaultKinds()
	k.Calendar = sc.Kinds.Calendar
	_, err = scenario.LoadFileWith(monthlyFile, gpw.Data, scenario.Options{Kinds: k})
	if want := `scenarios/units/mini.toml:25: unit s-hq: strength [0 0]: a full strength of at least 1 is needed`; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("without hq as a non-combat kind: error %v, want it to say %q", err, want)
	}
}

// A scenario read for other rules' turns or kinds is refused by a game
// under these rules.
func TestScenarioKindsMustMatchRules(t *testing.T) {
	sc, err := scenario.Load(gpw.Data, "scenarios/rulebook/movement.toml", gpw.Data)
	if err != nil {
		t.Fatal(err)
	}
	_, err = New(sc, Options{Rules: monthlyModule(t)}, gpw.Data, nil)
	if want := "it is played under the monthly rules"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("error %v, want it to say %q", err, want)
	}
	kursk, err := scenario.Load(gpw.Data, "scenarios/gdw/kursk.toml", gpw.Data)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := New(kursk, Options{Rules: "adc2"}, gpw.Data, nil); err != nil {
		t.Errorf("adc2 shares gdw's turns and kinds: %v", err)
	}
}

// A save of a game under a module's calendar replays under it: the
// scenario is read again for the saved rules.
func TestSaveUnderModuleCalendar(t *testing.T) {
	sc, err := LoadScenarioFile(monthlyFile, gpw.Data, "")
	if err != nil {
		t.Fatal(err)
	}
	g, err := New(sc, Options{AutoSetup: true}, gpw.Data, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.PlayTurns(1); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "m.gpw")
	if err := g.WriteSave(path); err != nil {
		t.Fatal(err)
	}
	h, err := LoadSave(path, gpw.Data, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	if h.TurnName(h.turn) != "Dec 1941" || h.Sc.Kinds.Rules != "monthly" {
		t.Errorf("the save replays to %s under the %q rules' kinds, want Dec 1941 under monthly", h.TurnName(h.turn), h.Sc.Kinds.Rules)
	}
}
