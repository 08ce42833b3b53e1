package game

import (
	"io/fs"
	"os"
	"path"
	"sort"
	"strings"
	"testing"

	"gpw"
	"gpw/core"
	"gpw/interp"
	"gpw/scenario"
)

// shippedScenarios lists the built-in scenarios of the catalogue format.
func shippedScenarios(t testing.TB, d fs.FS) []string {
	var out []string
	for _, dir := range []string{"scenarios/gdw", "scenarios/adc2"} {
		ents, _ := fs.ReadDir(d, dir)
		for _, e := range ents {
			if strings.HasSuffix(e.Name(), ".toml") {
				out = append(out, path.Join(dir, e.Name()))
			}
		}
	}
	sort.Strings(out)
	if len(out) == 0 {
		t.Fatal("no shipped scenarios")
	}
	return out
}

func hasVariant(d fs.FS, v string) bool {
	mod, ok := interp.Variants[v]
	if !ok {
		return false
	}
	_, err := fs.Stat(d, "rules/"+mod+".lua")
	return err == nil
}

// Every shipped scenario loads, sets up automatically and plays two full
// turns under every variant it supports (issue 5).
func TestShippedScenariosPlayTwoTurns(t *testing.T) {
	d := gpw.Data
	for _, f := range shippedScenarios(t, d) {
		sc, err := scenario.Load(d, f, d)
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		for _, v := range sc.Variants {
			t.Run(strings.TrimSuffix(strings.TrimPrefix(f, "scenarios/"), ".toml")+"/"+v, func(t *testing.T) {
				if !hasVariant(d, v) {
					t.Skipf("no rules module for %s yet", v)
				}
				sc, err := scenario.Load(d, f, d)
				if err != nil {
					t.Fatal(err)
				}
				var evs []Event
				g, err := New(sc, Options{Rules: v, AutoSetup: true}, d, func(e Event) { evs = append(evs, e) })
				if err != nil {
					t.Fatal(err)
				}
				if g.InSetup() {
					t.Fatal("still in setup after --auto-setup")
				}
				placed := 0
				for k, us := range sc.Units {
					if us.Setup > 0 {
						if g.S.Units[k].Status != core.OnMap {
							t.Errorf("%s not set up", us.ID)
						}
						if a := g.SetupArea(k); a != nil && g.S.Units[k].Status == core.OnMap && !a.Has(g.S.Units[k].Hex) {
							t.Errorf("%s set up outside its area", us.ID)
						}
						placed++
					}
				}
				if err := g.PlayTurns(2); err != nil {
					t.Fatalf("after %d events: %v", len(evs), err)
				}
				kinds := map[string]int{}
				for _, e := range evs {
					kinds[e.Kind.String()]++
					if e.Kind == "error" {
						t.Errorf("error event: %s", e.Text)
					}
				}
				start, _ := g.ParseTurn(sc.Start)
				if g.turn < start+2 && !g.Over() {
					t.Errorf("played to %s only", g.TurnName(g.turn))
				}
				t.Logf("%d set up by rule; events %v", placed, kinds)
			})
		}
	}
}

// setupScenario is a small inline map with two setup regions, a fixed
// unit, a reinforcement, a withdrawal and replacements by year.
const setupScenario = `
name = "setup test"
rules = "gdw"
start = "Jun 1941"
end = "Aug 1941"
units = "gdw"
[map]
sheet = "A"
cols = 8
rows = 6
owner = "axis"
[map.control]
soviet = ["A-0501", "A-0502", "A-0503", "A-0504", "A-0505", "A-0506", "A-0601", "A-0602", "A-0603", "A-0604", "A-0605", "A-0606",
  "A-0701", "A-0702", "A-0703", "A-0704", "A-0705", "A-0706", "A-0801", "A-0802", "A-0803", "A-0804", "A-0805", "A-0806"]
[[map.region]]
name = "Western Military District"
hexes = ["A-0501", "A-0502", "A-0503", "A-0504", "A-0505", "A-0506", "A-0602", "A-0604"]
[[map.region]]
name = "Army Group Center"
hexes = ["A-0401", "A-0402", "A-0403", "A-0404", "A-0405", "A-0406"]
[[map.city]]
hex = "A-0803"
name = "Moscow"
kind = "fortress"
capital = "soviet"

[[setup]]
side = "soviet"
region = "Western Military District"
units = ["sov-3", "sov-4"]

[[setup]]
side = "axis"
region = "Army Group Center"
units = ["ger-5"]

[[setup]]
side = "axis"
hex = "A-0102"
units = ["ldr-rundstedt"]

[[reinforcements]]
turn = "Jul 1941"
units = ["sov-16"]

[[withdrawals]]
turn = "Jul 1941"
units = ["ldr-rundstedt"]

[[replacements]]
year = 1941
axis = 2
soviet = 4

[[replacements]]
turn = "Aug 1941"
axis = 1
soviet = 7
`

func findEvent(evs []Event, kind string, match func(Event) bool) (Event, bool) {
	for _, e := range evs {
		if e.Kind.String() == kind && (match == nil || match(e)) {
			return e, true
		}
	}
	return Event{}, false
}

func TestSetupRegionRefusesOutside(t *testing.T) {
	g, evs := newTestGame(t, setupScenario, Options{})
	if !g.InSetup() || g.SetupSide() != core.Soviet {
		t.Fatalf("want the Soviet setup first, got in setup %v, side %v", g.InSetup(), g.SetupSide())
	}
	if _, ok := findEvent(*evs, "setup", nil); !ok {
		t.Error("no setup event")
	}
	refusals := []struct{ cmd, want string }{
		{"place sov-3 A-0401", "sov-3 must be set up in Western Military District: A-0401 is outside it (free hexes in it: A-0501, A-0502, A-0602, A-0503, A-0504, A-0604) (GDW: Beginning Play)"},
		{"place sov-3 A-0601", "outside it"},
		{"place ger-5 A-0401", "belongs to the axis player"},
		{"end", "still to set up: sov-3, sov-4"},
		{"move sov-3 A-0502", "place UNIT HEX, place auto or end"},
		{"place sov-16 A-0502", "not a unit to set up"},
	}
	for _, r := range refusals {
		err := g.Exec(r.cmd)
		rf, ok := err.(*Refusal)
		if !ok {
			t.Errorf("%s: want a refusal, got %v", r.cmd, err)
			continue
		}
		if !strings.Contains(rf.Error(), r.want) {
			t.Errorf("%s: %q does not say %q", r.cmd, rf.Error(), r.want)
		}
		if rf.Rule != "GDW: Beginning Play" {
			t.Errorf("%s: rule %q", r.cmd, rf.Rule)
		}
	}
	for _, c := range []string{"place sov-3 A-0502", "place sov-4 A-0502"} {
		err := g.Exec(c)
		if c == "place sov-4 A-0502" {
			if err == nil || !strings.Contains(err.Error(), "one unit per hex") {
				t.Errorf("stacking in setup: %v", err)
			}
		} else if err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []string{"place sov-4 A-0604", "place sov-4 A-0505", "end", "place ger-5 A-0404", "end"} {
		if err := g.Exec(c); err != nil {
			t.Fatalf("%s: %v", c, err)
		}
	}
	if g.InSetup() {
		t.Fatal("still in setup")
	}
	if p := g.Phase().ID; p != "axis-reinforcement" {
		t.Errorf("first phase %s", p)
	}
	k, _ := g.S.UnitByID("sov-4")
	if g.S.Map.ID(g.S.Units[k].Hex) != "A-0505" {
		t.Errorf("sov-4 in %s, want A-0505 (placed again)", g.S.Map.ID(g.S.Units[k].Hex))
	}
	if refused := script(t, g, "place sov-3 A-0503"); len(refused) != 1 {
		t.Errorf("place after setup: %v", refused)
	}
}

func TestReinforcementsArriveWithdrawalsLeave(t *testing.T) {
	g, evs := newTestGame(t, setupScenario, Options{AutoSetup: true})
	if g.InSetup() {
		t.Fatal("auto-setup left the setup step open")
	}
	for _, id := range []string{"sov-3", "sov-4", "ger-5", "ldr-rundstedt"} {
		k, _ := g.S.UnitByID(id)
		if g.S.Units[k].Status != core.OnMap {
			t.Errorf("%s not on the map", id)
		}
	}
	r, _ := g.S.UnitByID("ldr-rundstedt")
	s16, _ := g.S.UnitByID("sov-16")
	if g.S.Units[r].Status != core.OnMap || g.S.Units[s16].Status != core.Pending {
		t.Fatalf("at the start: rundstedt %v, sov-16 %v", g.S.Units[r].Status, g.S.Units[s16].Status)
	}
	// to the first phase of Jul 1941: the Axis reinforcement phase, where
	// the withdrawal happens (GDW: Withdrawals)
	if err := g.PlayTurns(1); err != nil {
		t.Fatal(err)
	}
	if g.TurnName(g.turn) != "Jul 1941" || g.Phase().ID != "axis-reinforcement" {
		t.Fatalf("at %s %s", g.TurnName(g.turn), g.Phase().ID)
	}
	if g.S.Units[r].Status != core.Withdrawn || g.S.Units[s16].Status != core.Pending {
		t.Fatalf("at the start of Jul 1941: rundstedt %v, sov-16 %v", g.S.Units[r].Status, g.S.Units[s16].Status)
	}
	if err := g.PlayTurns(3); err != nil { // to the end (Aug 1941)
		t.Fatal(err)
	}
	if !g.Over() {
		t.Error("the game is not over after its last turn")
	}
	if g.S.Units[r].Status != core.Withdrawn {
		t.Errorf("ldr-rundstedt is %v after Jul 1941, want withdrawn", g.S.Units[r].Status)
	}
	w, ok := findEvent(*evs, "withdraw", func(e Event) bool { return e.Get("unit") == "ldr-rundstedt" })
	if !ok {
		t.Error("no withdraw event")
	}
	_ = w
	a, ok := findEvent(*evs, "arrive", func(e Event) bool { return e.Get("unit") == "sov-16" })
	if !ok {
		t.Fatal("sov-16 did not arrive")
	}
	// GDW: Reinforcements: Soviet reinforcements of Jul 1941 arrive at half strength
	if a.Get("strength") != 4 {
		t.Errorf("sov-16 arrives at %v, want 4", a.Get("strength"))
	}
	// the phase it arrived in: Jul 1941, Soviet reinforcement phase
	idx := -1
	for i, e := range *evs {
		if e.Kind == "arrive" && e.Get("unit") == "sov-16" {
			idx = i
		}
	}
	turn := ""
	for i := idx; i >= 0; i-- {
		if (*evs)[i].Kind == "phase" {
			turn = (*evs)[i].Get("turn").(string) + " " + (*evs)[i].Get("phase").(string)
			break
		}
	}
	if turn != "Jul 1941 soviet-reinforcement" {
		t.Errorf("sov-16 arrived in %q", turn)
	}
	// replacements: by year (4 Soviet points in Jul), by turn in Aug (7)
	pts := map[string]int{}
	phase := ""
	for _, e := range *evs {
		if e.Kind == "phase" {
			phase = e.Get("turn").(string)
		}
		if e.Kind == "points" && e.Get("side") == "soviet" {
			pts[phase] = e.Get("points").(int)
		}
	}
	if pts["Jul 1941"] != 4 || pts["Aug 1941"] != 7 {
		t.Errorf("soviet replacement points %v, want Jul 1941: 4, Aug 1941: 7", pts)
	}
}

// The ADC2 campaign's force pools hold what its schedule says, and
// AvailableToBuild moves to the Removed pool in May 1942.
func TestADC2CampaignPools(t *testing.T) {
	d := gpw.Data
	sc, err := scenario.Load(d, "scenarios/adc2/campaign.toml", d)
	if err != nil {
		t.Fatal(err)
	}
	pools := map[string]scenario.Pool{}
	for _, p := range sc.Pools() {
		pools[p.Name] = p
	}
	want := map[string]struct {
		kind  string
		side  core.Side
		units []string
	}{
		"Army Group North":          {"setup", core.Axis, []string{"ger-41pz", "ger-56pz", "ger-1", "ger-10", "ger-26", "ger-28", "ldr-leeb", "air-lf1", "air-fk1"}},
		"Army Group Center":         {"setup", core.Axis, nil},
		"Army Group South":          {"setup", core.Axis, nil},
		"Hungary":                   {"setup", core.Axis, []string{"hun-1gar", "hun-2gar", "hun-5gar", "hun-6gar", "hun-9gar"}},
		"Romania":                   {"setup", core.Axis, nil},
		"Baltic Military District":  {"setup", core.Soviet, []string{"sov-8", "sov-11", "sov-27", "sov-5ab", "air-vvs-nw"}},
		"Western Military District": {"setup", core.Soviet, []string{"sov-3", "sov-4", "sov-10", "sov-13", "air-vvs-w"}},
		"Kiev Military District":    {"setup", core.Soviet, nil},
		"Bessarabia":                {"setup", core.Soviet, []string{"sov-9", "air-vvs-s"}},
		"AxisJul41":                 {"reinforcement", core.Axis, nil},
		"SovietJul41":               {"reinforcement", core.Soviet, nil},
		"ConversionNovDec41":        {"conversion", core.Soviet, []string{"sov-1sh"}},
		"ConversionMarApr43":        {"conversion", core.Soviet, []string{"sov-4gd", "sov-5gd", "sov-6gd", "sov-7gd", "sov-8gd", "sov-10gd", "sov-11gd"}},
		"AvailableToBuild":          {"available", core.Soviet, []string{"sov-46", "sov-53"}},
		"GarrisonSepOct44":          {"garrison", core.Axis, []string{"ger-22mtn"}},
		"Romanian Defection":        {"defection", core.Soviet, []string{"rm-1", "rm-4"}},
		"Bulgarian Defection":       {"defection", core.Soviet, []string{"bu-1", "bu-2", "bu-4"}},
	}
	for name, w := range want {
		p, ok := pools[name]
		if !ok {
			t.Errorf("no pool %q", name)
			continue
		}
		if p.Kind != w.kind || p.Side != w.side {
			t.Errorf("pool %s: %s %v, want %s %v", name, p.Kind, p.Side, w.kind, w.side)
		}
		if w.units != nil && strings.Join(p.Units, " ") != strings.Join(w.units, " ") {
			t.Errorf("pool %s holds %v, want %v", name, p.Units, w.units)
		}
		if len(p.Units) == 0 {
			t.Errorf("pool %s is empty", name)
		}
	}
	if !contains(pools["SovietJul41"].Units, "sov-16") || !contains(pools["AxisJul41"].Units, "hun-mob") {
		t.Errorf("Jul 1941 pools: %v / %v", pools["SovietJul41"].Units, pools["AxisJul41"].Units)
	}
	// ADC2's own pools win over the GDW chart: the Guards armies are not
	// reinforcements in ADC2
	for _, p := range sc.Pools() {
		if p.Kind == "reinforcement" && (contains(p.Units, "sov-11gd") || contains(p.Units, "sov-46") || contains(p.Units, "rm-1")) {
			t.Errorf("pool %s holds a unit of a conversion, AvailableToBuild or defection pool: %v", p.Name, p.Units)
		}
	}

	// play to May 1942 under the rules that exist
	v := "adc2"
	if !hasVariant(d, v) {
		v = "gdw"
	}
	var evs []Event
	g, err := New(sc, Options{Rules: v, AutoSetup: true}, d, func(e Event) { evs = append(evs, e) })
	if err != nil {
		t.Fatal(err)
	}
	k46, _ := g.S.UnitByID("sov-46")
	k11, _ := g.S.UnitByID("sov-11gd")
	if g.S.Units[k46].Status != core.Pending || g.S.Units[k11].Status != core.Pending {
		t.Fatalf("held units: sov-46 %v, sov-11gd %v", g.S.Units[k46].Status, g.S.Units[k11].Status)
	}
	if err := g.PlayTurns(8); err != nil { // Jun 1941 .. May 1942 (8 turns)
		t.Fatal(err)
	}
	if got := g.TurnName(g.turn); got != "Jun 1942" {
		t.Errorf("played to %s", got)
	}
	if g.S.Units[k46].Status != core.Eliminated {
		t.Errorf("sov-46 is %v after May 1942, want in the Removed pool (eliminated)", g.S.Units[k46].Status)
	}
	if g.S.Units[k11].Status != core.Pending {
		t.Errorf("sov-11gd is %v, want still in its conversion pool", g.S.Units[k11].Status)
	}
	if _, ok := findEvent(evs, "pool", func(e Event) bool { return e.Get("pool") == "AvailableToBuild" }); !ok {
		t.Error("no pool event for AvailableToBuild")
	}
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// The worked example of docs/modding.md loads, sets up and plays.
func TestModdingWorkedExample(t *testing.T) {
	doc, err := fs.ReadFile(osDir(".."), "docs/modding.md")
	if err != nil {
		t.Skip("no docs/modding.md")
	}
	s := string(doc)
	i := strings.Index(s, "<!-- worked example")
	if i < 0 {
		t.Fatal("no worked example marker")
	}
	s = s[i:]
	a := strings.Index(s, "```toml\n")
	b := strings.Index(s[a+8:], "```")
	src := s[a+8 : a+8+b]
	d := gpw.Data
	sc, err := scenario.Parse("smolensk.toml", []byte(src), d)
	if err != nil {
		t.Fatal(err)
	}
	var evs []Event
	g, err := New(sc, Options{}, d, func(e Event) { evs = append(evs, e) })
	if err != nil {
		t.Fatal(err)
	}
	if !g.InSetup() || g.SetupSide() != core.Soviet {
		t.Fatal("no Soviet setup step")
	}
	if err := g.Exec("place auto"); err != nil {
		t.Fatal(err)
	}
	if err := g.Exec("end"); err != nil {
		t.Fatal(err)
	}
	if err := g.PlayTurns(2); err != nil {
		t.Fatal(err)
	}
	if !g.Over() {
		t.Errorf("not over after Aug 1941: %s", g.TurnName(g.turn))
	}
	if _, ok := findEvent(evs, "arrive", func(e Event) bool { return e.Get("unit") == "sov-24" }); !ok {
		t.Error("sov-24 did not arrive")
	}
	if len(sc.Units) != 13 {
		t.Errorf("%d units, want the 13 named", len(sc.Units))
	}
}

func osDir(p string) fs.FS { return os.DirFS(p) }

// Victory conditions are evaluated from the scenario's data.
func TestCheckVictory(t *testing.T) {
	src := setupScenario + `
[[victory.condition]]
side = "soviet"
when = "end"
cities = ["Moscow"]
result = "marginal"

[[victory.condition]]
side = "axis"
when = "soviet-turn"
hold = "occupy"
cities = ["Moscow"]
result = "win"
`
	g, _ := newTestGame(t, src, Options{AutoSetup: true})
	got := g.CheckVictory("end")
	if len(got) != 1 || got[0].Side != core.Soviet || got[0].Result != "marginal" {
		t.Errorf("end: %+v", got)
	}
	if got := g.CheckVictory("soviet-turn"); len(got) != 0 {
		t.Errorf("soviet-turn with Moscow empty: %+v", got)
	}
	// an Axis unit in Moscow
	k, _ := g.S.UnitByID("ger-5")
	g.S.Relocate(k, setupHex(t, g, "A-0803"))
	if got := g.CheckVictory("soviet-turn"); len(got) != 1 || got[0].Side != core.Axis || got[0].Result != "win" {
		t.Errorf("soviet-turn with ger-5 in Moscow: %+v", got)
	}
}

func setupHex(t *testing.T, g *Game, id string) int {
	h, err := g.S.Map.ParseHex(id)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func TestStartPosition(t *testing.T) {
	d := gpw.Data
	sc, err := scenario.Load(d, "scenarios/gdw/barbarossa.toml", d)
	if err != nil {
		t.Fatal(err)
	}
	s, err := StartPosition(sc, Options{}, d)
	if err != nil {
		t.Fatal(err)
	}
	on := 0
	for _, u := range s.Units {
		if u.Status == core.OnMap {
			on++
		}
	}
	if on < 60 {
		t.Errorf("%d units on the map at the start of Barbarossa", on)
	}
}
