package scenario_test

import (
	"strings"
	"testing"
	"testing/fstest"

	"gpw/core"
	"gpw/scenario"
)

var monthly = scenario.Kinds{
	Rules:     "monthly",
	Calendar:  []string{"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"},
	NonCombat: map[string]bool{"leader": true, "air": true, "hq": true},
}

func TestKindsTurns(t *testing.T) {
	tests := []struct {
		k          scenario.Kinds
		name       string
		turn       int
		next, pool string
	}{
		{scenario.DefaultKinds(), "Sep/Oct 1941", 1941*8 + 6, "Nov/Dec 1941", "AxisSepOct41"},
		{scenario.DefaultKinds(), "nov/dec 1941", 1941*8 + 7, "Jan/Feb 1942", "AxisNovDec41"},
		{scenario.Kinds{}, "Jun 1941", 1941*8 + 3, "Jul 1941", "AxisJun41"}, // zero: the default
		{monthly, "Dec 1941", 1941*12 + 11, "Jan 1942", "AxisDec41"},
		{monthly, " Mar 1943 ", 1943*12 + 2, "Apr 1943", "AxisMar43"},
	}
	for _, tt := range tests {
		got, err := tt.k.ParseTurn(tt.name)
		if err != nil || got != tt.turn {
			t.Errorf("%s: ParseTurn(%q) = %d, %v; want %d", tt.k.Rules, tt.name, got, err, tt.turn)
			continue
		}
		if n := tt.k.TurnName(got + 1); n != tt.next {
			t.Errorf("%s: the turn after %s is %s, want %s", tt.k.Rules, tt.name, n, tt.next)
		}
		if p := tt.k.ReinforcementPool(core.Axis, got); p != tt.pool {
			t.Errorf("%s: pool %s, want %s", tt.k.Rules, p, tt.pool)
		}
	}
	for _, tt := range []struct {
		k          scenario.Kinds
		name, want string
	}{
		{monthly, "Sep/Oct 1941", `"Sep/Oct 1941" is not a turn of the monthly rules (turns: Jan, Feb, Mar,`},
		{scenario.DefaultKinds(), "Dec 1941", `"Dec 1941" is not a turn of the calendar (turns: Jan/Feb, Mar/Apr,`},
		{monthly, "Dec", `expected a month and a year, such as "Jul 1941"`},
		{monthly, "Dec 41", `"41" is not a year`},
	} {
		if _, err := tt.k.ParseTurn(tt.name); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: ParseTurn(%q): %v, want %q", tt.k.Rules, tt.name, err, tt.want)
		}
	}
}

func TestKindsSame(t *testing.T) {
	d := scenario.DefaultKinds()
	named := d
	named.Rules = "adc2"
	noFalse := d
	noFalse.NonCombat = map[string]bool{"leader": true, "air": true, "hq": false}
	for _, tt := range []struct {
		a, b scenario.Kinds
		same bool
	}{
		{d, scenario.Kinds{}, true}, {d, named, true}, {d, noFalse, true}, {d, monthly, false},
		{d, scenario.Kinds{Calendar: d.Calendar, NonCombat: monthly.NonCombat}, false},
	} {
		if tt.a.Same(tt.b) != tt.same || tt.b.Same(tt.a) != tt.same {
			t.Errorf("%v and %v: same %v, want %v", tt.a, tt.b, !tt.same, tt.same)
		}
	}
}

// hqFS is a catalogue with a headquarters counter that has some strength
// (so that it passes as a combat unit too), and a scenario that sets it up
// with two armies in a region of two hexes and leaves a second one out.
var hqFS = fstest.MapFS{
	"scenarios/units/hq.toml": {Data: []byte(`format_version = 1
[[group]]
side = "soviet"
kind = "infantry"
strength = [6, 3]
mp = 4
unit = [{ id = "s-1" }, { id = "s-2" }, { id = "s-3" }]
[[group]]
side = "soviet"
kind = "hq"
strength = [1, 1]
mp = 4
unit = [{ id = "s-hq" }, { id = "s-hq2" }]
`)},
	"t.toml": {Data: []byte(`name = "t"
start = "Jun 1941"
units = "hq"
[[setup]]
region = "Western Military District"
units = ["s-1", "s-2", "s-hq"]
` + strings.Replace(miniMap, `hexes = ["A-0401", "A-0402", "A-0403", "A-0404"]`, `hexes = ["A-0401", "A-0402"]`, 1))},
}

// The non-combat kinds decide a setup area's room and who starts
// eliminated; the catalogue parsed once per kinds (the process cache).
func TestKindsNonCombat(t *testing.T) {
	_, err := scenario.LoadWith(hqFS, "t.toml", nil, scenario.Options{})
	if want := "t.toml:4: setup Western Military District: 3 combat units but only 2 free hexes in its area"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("default kinds: error %v, want it to say %q", err, want)
	}
	hq := scenario.DefaultKinds()
	hq.NonCombat["hq"] = true
	sc, err := scenario.LoadWith(hqFS, "t.toml", nil, scenario.Options{Kinds: hq})
	if err != nil {
		t.Fatal(err)
	}
	pools := map[string]string{}
	for _, u := range sc.Units {
		pools[u.ID] = u.Pool
	}
	if pools["s-3"] != "Removed" || pools["s-hq"] != "Western Military District" {
		t.Errorf("pools %v: want s-3 eliminated (Removed), s-hq set up", pools)
	}
	if p, ok := pools["s-hq2"]; ok {
		t.Errorf("the unlisted hq is in pool %q, want it out of the scenario", p)
	}
	// The rules decide: a Kinds func sees the scenario's rules first.
	var saw string
	sc, err = scenario.LoadWith(hqFS, "t.toml", nil, scenario.Options{Rules: func(sc *scenario.Scenario) (scenario.Kinds, error) {
		saw = sc.File
		return hq, nil
	}})
	if err != nil || saw != "t.toml" || !sc.Kinds.NonCombat["hq"] {
		t.Errorf("Options.Rules: %v, saw %q, kinds %v", err, saw, sc.Kinds)
	}
}

// What the process cache holds for one rules' kinds is not handed to a
// load for others: a catalogue with a strengthless hq, a schedule with
// monthly turns.
func TestCacheKeysOnKinds(t *testing.T) {
	fsys := fstest.MapFS{
		"scenarios/units/hq0.toml":   {Data: []byte("format_version = 1\n[[group]]\nside = \"soviet\"\nkind = \"hq\"\nstrength = [0, 0]\nmp = 4\nunit = [{ id = \"s-hq\" }]\n[[group]]\nside = \"soviet\"\nkind = \"infantry\"\nstrength = [6, 3]\nmp = 4\nunit = [{ id = \"s-1\" }]\n")},
		"scenarios/schedules/m.toml": {Data: []byte("format_version = 1\nunits = \"hq0\"\n[[replacements]]\nturn = \"Dec 1941\"\nsoviet = 2\n")},
	}
	if _, err := scenario.LoadCatalogWith(fsys, "hq0", monthly); err != nil {
		t.Fatal(err)
	}
	_, err := scenario.LoadCatalogWith(fsys, "hq0", scenario.DefaultKinds())
	if want := "unit s-hq: strength [0 0]: a full strength of at least 1 is needed"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("default kinds after monthly: error %v, want it to say %q", err, want)
	}
	for _, k := range []scenario.Kinds{monthly, scenario.DefaultKinds(), monthly} {
		_, err := scenario.CheckFileWith(fsys, "scenarios/schedules/m.toml", nil, k)
		if bad := err != nil; bad != (k.Rules == "") {
			t.Errorf("schedule with Dec 1941 under the %s rules: %v", k.Rules, err)
		}
	}
}
