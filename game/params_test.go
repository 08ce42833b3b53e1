package game

import (
	"path/filepath"
	"strings"
	"testing"

	"gpw"
	"gpw/core"
	"gpw/scenario"
)

// TestParams: the module's parameters (R.params) change the game through
// gpw.param, are checked against their declarations and are pinned in
// saves.
func TestParams(t *testing.T) {
	far := "g axis infantry 6/3 4 B-0110"
	points := ruleCase{name: "params/replacements", start: "Sep/Oct 1941", phase: "soviet-reinforcement",
		units: us(far, "s soviet infantry 8/4 6 B-1505"), extra: repl("Sep/Oct 1941", 3, 5)}
	for _, tt := range []struct {
		params map[string]string
		want   string
	}{
		{nil, "points side=soviet points=5"},
		{map[string]string{"soviet_replacements": "1.5"}, "points side=soviet points=7"},
		{map[string]string{"soviet_replacements": "0.5", "axis_replacements": "2"}, "points side=soviet points=2"},
	} {
		_, evs := playCase(t, points, Options{Params: tt.params})
		expectEvents(t, evs, []string{tt.want})
	}
	if _, evs := playCase(t, points, Options{Params: map[string]string{"soviet_replacements": "0"}}); len(find(evs, "points")) != 0 {
		t.Errorf("no points with the multiplier 0, got %v", find(evs, "points"))
	}

	// 4 against 4 in a forest: 1:1 shifted to the left of the table
	forest := ruleCase{name: "params/below-lowest-column", phase: "soviet-combat", dice: []int{4}, auto: true,
		mapx:  "[map.terrain]\nforest = [\"B-1005\"]",
		units: us("g axis infantry 4/2 4 B-1005", "a soviet infantry 4/2 6 B-1105"), script: "attack B-1005 from B-1105"}
	_, evs := playCase(t, forest, Options{})
	expectEvents(t, evs, []string{"combat odds=1:1 column=1:1"})
	forest.refuse = []string{"shifted left of 1:1 (forest -1): the attack cannot be made"}
	g, evs := playCase(t, forest, Options{Params: map[string]string{"below_lowest_column": "no-attack"}})
	if len(find(evs, "combat")) != 0 {
		t.Error("an attack shifted below 1:1 was made under no-attack")
	}
	checkSaveReloads(t, g)
	path := filepath.Join(t.TempDir(), "save.json")
	if err := g.WriteSave(path); err != nil {
		t.Fatal(err)
	}
	sv, err := ReadSave(path)
	if err != nil {
		t.Fatal(err)
	}
	if sv.Params["below_lowest_column"] != "no-attack" || sv.Params["soviet_replacements"] != "1" {
		t.Errorf("the save pins the parameters %v", sv.Params)
	}
	l, err := LoadSave(path, gpw.Data, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := l.ParamValues()["below_lowest_column"].String(); got != "no-attack" {
		t.Errorf("the reloaded game plays with below_lowest_column=%s", got)
	}
}

// TestParamErrors: a parameter the module does not declare, or a value
// outside its declaration, stops the game from starting with a clear
// error.
func TestParamErrors(t *testing.T) {
	c := ruleCase{name: "params", phase: "soviet-combat", units: us("g axis infantry 4/2 4 B-1005")}
	for _, tt := range []struct {
		params map[string]string
		want   string
	}{
		{map[string]string{"soviet_replacement": "2"}, `"soviet_replacement" is not a parameter of the rules gdw (did you mean soviet_replacements?)`},
		{map[string]string{"nonsense": "2"}, "its parameters: axis_replacements, below_lowest_column, soviet_replacements"},
		{map[string]string{"soviet_replacements": "11"}, "parameter soviet_replacements: 11 is outside 0..10 (GDW: Reinforcements and Replacements)"},
		{map[string]string{"soviet_replacements": "many"}, `parameter soviet_replacements: "many" is not a number`},
		{map[string]string{"below_lowest_column": "ignore"}, `"ignore" is not one of floor, no-attack`},
	} {
		sc, err := scenario.Parse("test.toml", []byte(c.toml()), gpw.Data)
		if err != nil {
			t.Fatal(err)
		}
		_, err = New(sc, Options{Params: tt.params}, gpw.Data, nil)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%v: error %v, want %q", tt.params, err, tt.want)
		}
	}
}

// TestKeepUnusedPoints: GDW loses unspent replacement points
// (R.keep_unused_points false, base.lua); a module may keep them.
func TestKeepUnusedPoints(t *testing.T) {
	c := ruleCase{name: "keep-points", start: "Sep/Oct 1941", phase: "soviet-reinforcement", last: "Nov/Dec 1941",
		units: us("g axis infantry 6/3 4 B-0110", "s soviet infantry 8/4 6 B-1505"),
		extra: repl("Sep/Oct 1941", 0, 3) + repl("Nov/Dec 1941", 0, 2)}
	keep := writeModule(t, "keep.lua", "local R = require(\"base\")\nR.id = \"keep\"\nR.keep_unused_points = true\nreturn R\n")
	for _, tt := range []struct {
		rules string
		want  int
	}{{"", 2}, {keep, 5}} {
		g, _ := newTestGame(t, c.toml(), Options{Rules: tt.rules})
		for g.Status().Turn != "Nov/Dec 1941" || g.Phase().ID != "soviet-reinforcement" {
			if err := g.Exec("end"); err != nil {
				t.Fatal(err)
			}
		}
		if got := g.Points(core.Soviet); got != tt.want {
			t.Errorf("%q: %d points in Nov/Dec, want %d", tt.rules, got, tt.want)
		}
	}
}

// TestSetupOrder: the sides set up in the order of R.setup_order (base.lua:
// Soviet first); a module may put the Axis first.
func TestSetupOrder(t *testing.T) {
	axisFirst := writeModule(t, "axisfirst.lua", "local R = require(\"base\")\nR.id = \"axisfirst\"\nR.setup_order = { \"axis\", \"soviet\" }\nreturn R\n")
	bad := writeModule(t, "bad.lua", "local R = require(\"base\")\nR.id = \"bad\"\nR.setup_order = { \"axis\", \"axis\" }\nreturn R\n")
	for _, tt := range []struct {
		rules, first, err string
	}{{"", "soviet", ""}, {axisFirst, "axis", ""}, {bad, "", "R.setup_order"}} {
		sc, err := scenario.LoadFile("../scenarios/gdw/barbarossa.toml", gpw.Data)
		if err != nil {
			t.Fatal(err)
		}
		g, err := New(sc, Options{Rules: tt.rules}, gpw.Data, nil)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%s: error %v, want %q", tt.rules, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if !g.InSetup() {
			t.Skip("barbarossa has no setup step")
		}
		if got := g.SetupSide().String(); got != tt.first {
			t.Errorf("%q: the %s player sets up first, want %s", tt.rules, got, tt.first)
		}
	}
}

// TestReinforcementSteps: a reinforcement phase withdraws, brings in and
// gives points in the order of R.reinforcement_steps (base.lua: withdraw,
// arrive, pools, points); a list that leaves a step out is refused.
func TestReinforcementSteps(t *testing.T) {
	c := ruleCase{name: "steps", start: "Aug 1941", phase: "soviet-reinforcement",
		units: us("g axis infantry 6/3 4 B-0110", "s2 soviet infantry 6/3 6 - arrives=Aug_1941", "s3 soviet infantry 6/3 6 B-1909 withdraws=Aug_1941"),
		extra: repl("Aug 1941", 0, 2)}
	pointsFirst := writeModule(t, "first.lua", "local R = require(\"base\")\nR.id = \"first\"\nR.reinforcement_steps = { \"points\", \"arrive\", \"withdraw\", \"pools\" }\nreturn R\n")
	for _, tt := range []struct {
		rules string
		want  string
	}{{"", "withdraw arrive points"}, {pointsFirst, "points arrive withdraw"}} {
		_, evs := newTestGame(t, c.toml(), Options{Rules: tt.rules})
		var got []string
		for _, e := range *evs {
			switch e.Kind {
			case "withdraw", "arrive", "points":
				got = append(got, e.Kind.String())
			}
		}
		if strings.Join(got, " ") != tt.want {
			t.Errorf("%q: %v, want %s", tt.rules, got, tt.want)
		}
	}
	bad := writeModule(t, "bad.lua", "local R = require(\"base\")\nR.id = \"bad\"\nR.reinforcement_steps = { \"arrive\", \"points\" }\nreturn R\n")
	sc, err := scenario.Parse("test.toml", []byte(c.toml()), gpw.Data)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := New(sc, Options{Rules: bad}, gpw.Data, nil); err == nil || !strings.Contains(err.Error(), "R.reinforcement_steps names 2 steps") {
		t.Errorf("a list without withdraw and pools: %v", err)
	}
}

// TestEntryRules: R.entry decides where units enter when can_place does
// not: a module that closes the map edge leaves the friendly cities.
func TestEntryRules(t *testing.T) {
	c := ruleCase{name: "entry", start: "Sep/Oct 1941", phase: "soviet-reinforcement", mapx: city("B-1005", "Town", "minor", ""),
		units:  us("g axis infantry 6/3 4 B-0110", "r soviet infantry 8/4 6 - arrives=Sep/Oct_1941"),
		script: "place r B-2005\nplace r B-1005"}
	noEdge := writeModule(t, "noedge.lua", "local R = require(\"base\")\nR.id = \"noedge\"\nR.entry.edge = false\nreturn R\n")
	c.refuse = []string{"B-2005 is not a friendly city (GDW: Reinforcements and Replacements)"}
	c.want = []string{"place unit=r hex=B-1005"}
	playCase(t, c, Options{Rules: noEdge})
	c.refuse, c.want, c.script = nil, []string{"place unit=r hex=B-2005"}, "place r B-2005"
	playCase(t, c, Options{})
}
