package game

import (
	"reflect"
	"strings"
	"testing"

	"gpw"
	"gpw/core"
	"gpw/interp"
	"gpw/scenario"
)

// The ADC2 module keeps what a game remembers in the engine's store, not in
// Lua: one compiled module serves every game of the process, so nothing
// may leak from one game into another, and a refused command, undo and a
// clone must take the module's memory with the position.

// stateCases are ADC2 games whose play depends on what the module
// remembers: the displaced air units' queue, the partisans', the allies'
// losses and Romania's defection, the yearly shock attack.
func stateCases() []ruleCase {
	rom6, killr6, dicer6 := kills("r", "rom", 6)
	cases := []ruleCase{
		{name: "air-queue", phase: "soviet-move2",
			mapx:   "[map.control]\naxis = [\"B-0505\", \"B-0105\", \"B-0507\"]\n" + city("B-0505", "Base", "minor", "") + city("B-0105", "Berlin", "fortress", "axis") + city("B-0507", "Base2", "minor", ""),
			units:  us("s soviet infantry 8/4 6 B-0806") + au("air axis air 0/0 0 B-0505", "range=6", "shift=1") + au("air2 axis air 0/0 0 B-0507", "range=6", "shift=1"),
			script: "move s B-0706 B-0606 B-0506\n" + strings.Repeat("end\n", 11) + "enter air B-0505\nenter air2 B-0507\n" + strings.Repeat("end\n", 10) + "enter air B-0505\n" + strings.Repeat("end\n", 10) + "enter air B-0505"},
		{name: "partisans", phase: "axis-combat",
			units: us("p soviet partisan 1/0 4 B-0605", "p2 soviet partisan 1/0 4 B-0607", "g axis infantry 6/3 4 B-0505", "g2 axis infantry 6/3 4 B-0507"),
			script: "end\nend\nenter p B-1005\n" + strings.Repeat("end\n", 10) + "enter p B-1005\nenter p2 B-1007\n" + strings.Repeat("end\n", 10) + "enter p2 B-1007\n" +
				strings.Repeat("end\n", 10) + "enter p2 B-1007"},
		{name: "romania", phase: "soviet-combat", dice: append(dicer6, 5), auto: true,
			top:    "units = \"gdw\"\nunlisted = \"absent\"\n",
			mapx:   country("Romania", block(1, 4, 8, 10)...) + city("B-1205", "Odessa", "major", "") + country("Yugoslavia", "B-0105"),
			units:  rom6 + us("r9 axis infantry 6/3 4 B-0209 nation=rom", "od soviet infantry 4/2 6 B-1205", "z soviet infantry 4/2 6 B-0510"),
			extra:  "[[pool]]\nname = \"Romanian Defection\"\nkind = \"defection\"\nside = \"soviet\"\nunits = [\"rm-1\"]\n",
			script: killr6 + strings.Repeat("end\n", 7) + "enter rm-1 B-0409\n" + strings.Repeat("end\n", 10)},
		{name: "shock", phase: "soviet-reinforcement", start: "Mar/Apr 1942", dice: []int{6, 6},
			units:  us("inf soviet infantry 8/4 6 B-1505"),
			script: "shock\n" + strings.Repeat("end\n", 10) + "shock\nend\nend\nmove inf B-1405"},
	}
	for i := range cases {
		cases[i] = adc2(cases[i])
	}
	return cases
}

// solo plays a case alone and returns its log as --json prints it.
func solo(t *testing.T, c ruleCase) string {
	t.Helper()
	g, evs := newTestGame(t, c.toml(), Options{Dice: c.dice, Auto: c.auto})
	script(t, g, c.script)
	return jsonLog(t, *evs)
}

// TestADC2GamesDoNotLeak plays each game twice in one process, then all of
// them at once, a command of each in turn, and compares the logs byte for
// byte: what one game's module remembers never reaches another.
func TestADC2GamesDoNotLeak(t *testing.T) {
	cases := stateCases()
	want := make([]string, len(cases))
	for i, c := range cases {
		want[i] = solo(t, c)
		if again := solo(t, c); again != want[i] {
			t.Errorf("%s: the second game's log differs from the first's:\n%s", c.name, firstDiff(want[i], again))
		}
	}
	games := make([]*Game, len(cases))
	logs := make([]*[]Event, len(cases))
	lines := make([][]string, len(cases))
	for i, c := range cases {
		games[i], logs[i] = newTestGame(t, c.toml(), Options{Dice: c.dice, Auto: c.auto})
		lines[i] = strings.Split(c.script, "\n")
	}
	for step := 0; ; step++ {
		more := false
		for i := range cases {
			if step < len(lines[i]) {
				script(t, games[i], lines[i][step])
				more = true
			}
		}
		if !more {
			break
		}
	}
	for i, c := range cases {
		if got := jsonLog(t, *logs[i]); got != want[i] {
			t.Errorf("%s played beside the others: its log differs from its game alone:\n%s", c.name, firstDiff(want[i], got))
		}
	}
}

// TestADC2CampaignDoesNotLeak plays the first turns of the ADC2 campaign
// twice, the second time beside another ADC2 game, and compares the logs.
func TestADC2CampaignDoesNotLeak(t *testing.T) {
	play := func(beside *Game) string {
		sc, err := scenario.Load(gpw.Data, "scenarios/adc2/campaign.toml", gpw.Data)
		if err != nil {
			t.Fatal(err)
		}
		var evs []Event
		g, err := New(sc, Options{AutoSetup: true, Auto: true}, gpw.Data, func(e Event) { evs = append(evs, e) })
		if err != nil {
			t.Fatal(err)
		}
		for g.turn < g.fix.start+3 {
			if g.Phase().Kind == "reinforcement" && len(g.Waiting(g.Phase().Side)) > 0 {
				script(t, g, "place auto")
			}
			script(t, g, "end")
			if beside != nil && !beside.Over() {
				script(t, beside, "end")
			}
		}
		return jsonLog(t, evs)
	}
	first := play(nil)
	other, _ := newTestGame(t, stateCases()[1].toml(), Options{})
	if second := play(other); second != first {
		t.Errorf("the campaign played beside another game differs:\n%s", firstDiff(first, second))
	}
}

// TestADC2CloneCarriesTheStore plays a game to the middle of its script,
// clones it, and plays the rest on both: the clone remembers what the
// module stored (the air units' queue) and logs the same events.
func TestADC2CloneCarriesTheStore(t *testing.T) {
	c := stateCases()[0]
	lines := strings.Split(c.script, "\n")
	half := len(lines) / 2
	g, evs := newTestGame(t, c.toml(), Options{Dice: c.dice, Auto: c.auto})
	script(t, g, strings.Join(lines[:half], "\n"))
	clone := g.Clone()
	if !reflect.DeepEqual(storeOf(g), storeOf(clone)) {
		t.Fatalf("the clone's store %v differs from the game's %v", storeOf(clone), storeOf(g))
	}
	var cevs []Event
	clone.SetSink(func(e Event) { cevs = append(cevs, e) })
	n := len(*evs)
	rest := strings.Join(lines[half:], "\n")
	script(t, g, rest)
	script(t, clone, rest)
	if a, b := jsonLog(t, (*evs)[n:]), jsonLog(t, cevs); a != b {
		t.Errorf("the clone plays differently:\n%s", firstDiff(a, b))
	}
}

// storeOf lists a game's store, key by key.
func storeOf(g *Game) map[interp.StoreKey]any {
	out := map[interp.StoreKey]any{}
	for _, k := range g.Store().Keys() {
		out[k] = g.Store().Get(k)
	}
	return out
}

// TestADC2RefusalKeepsTheStore refuses commands after the module changed
// its store (a module command, an after_move, the engine's own refusal)
// and checks that the store, the position and the log are as they were.
func TestADC2RefusalKeepsTheStore(t *testing.T) {
	c := adc2(ruleCase{name: "refuse", phase: "soviet-reinforcement", start: "Mar/Apr 1942",
		units: us("inf soviet infantry 8/4 6 B-1505", "r soviet infantry 8/4 6 B-1705")})
	g, evs := newTestGame(t, c.toml(), Options{Rules: "testdata/refuse.lua"})
	script(t, g, "shock")
	check := func(line, says string) {
		t.Helper()
		before, pos, n := storeOf(g), g.S.Clone(), len(*evs)
		err := g.Exec(line)
		if err == nil || !strings.Contains(err.Error(), says) {
			t.Fatalf("%q: %v, want a refusal saying %q", line, err, says)
		}
		if after := storeOf(g); !reflect.DeepEqual(before, after) {
			t.Errorf("%q changed the store: %v, was %v", line, after, before)
		}
		if !reflect.DeepEqual(pos.Units, g.S.Units) {
			t.Errorf("%q changed the position", line)
		}
		if got := (*evs)[n:]; len(got) != 1 || got[0].Kind != "error" {
			t.Errorf("%q logged %v, want only its refusal", line, got)
		}
	}
	check("spoil", "refused after writing")
	check("shock", "already announced")
	script(t, g, "end\nend") // to the 1st Movement Phase: the shock attack lets infantry move a hex
	if g.Phase().ID != "soviet-move1" {
		t.Fatalf("phase %s", g.Phase().ID)
	}
	check("move r B-1605", "refused after moving")
	script(t, g, "move inf B-1405")
	if v := g.Store().Get(interp.StoreKey{Scope: interp.ScopeGame, Name: "scratch"}); v != 1 {
		t.Errorf("an accepted move's after_move stored %v, want 1", v)
	}
}

// TestADC2QueriesArePure lists the legal actions and previews odds in
// positions where ADC2's check hooks have work to do: neither the store
// nor the log changes.
func TestADC2QueriesArePure(t *testing.T) {
	sc, err := scenario.Load(gpw.Data, "scenarios/adc2/campaign.toml", gpw.Data)
	if err != nil {
		t.Fatal(err)
	}
	g, err := New(sc, Options{AutoSetup: true, Auto: true}, gpw.Data, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, kind := range []interp.PhaseKind{interp.PhaseReinforcement, interp.PhaseMove, interp.PhaseCombat} {
		for g.Phase().Side != core.Axis || g.Phase().Kind != kind {
			script(t, g, "end")
		}
		before, n := storeOf(g), len(g.Log())
		a := g.Actions()
		for _, at := range a.Attacks {
			if _, err := g.Weigh(at.Hex, at.Attackers); err != nil {
				t.Errorf("odds of %s: %v", at.ID, err)
			}
		}
		if after := storeOf(g); !reflect.DeepEqual(before, after) {
			t.Errorf("%s: listing the legal actions changed the store: %v, was %v", g.Phase().ID, after, before)
		}
		if len(g.Log()) != n {
			t.Errorf("%s: listing the legal actions logged %v", g.Phase().ID, g.Log()[n:])
		}
	}
}

// TestADC2SharedStackKeepsAWayOut: a unit may end its move on a friend that
// has yet to move (ADC2: Movement Phases, gpw's reading), but no later move
// may take away that friend's last way out: the phase could never end.
func TestADC2SharedStackKeepsAWayOut(t *testing.T) {
	runADC2(t, []ruleCase{{name: "adc2/shared-stack-keeps-a-way-out", phase: "axis-move2",
		mapx:   "[map.terrain]\nlake = [\"B-0504\", \"B-0506\", \"B-0604\", \"B-0404\", \"B-0405\"]",
		units:  us("a axis panzer 8/4 6 B-0705", "b axis infantry 6/3 1 B-0505", "c axis infantry 6/3 6 B-0707"),
		script: "move a B-0605 B-0505\nmove c B-0605\nmove b B-0605\nend",
		want:   []string{"move unit=a path=B-0605,B-0505", "move unit=b path=B-0605", "phase phase=soviet-reinforcement"},
		refuse: []string{"b could then no longer move out of B-0505, which it shares for now"}}})
}

// TestShareCheck: the destinations listed while friends share hexes are
// those a trial of each on a copy allows: c may not end in B-0605, b's
// only way out of B-0505.
func TestShareCheck(t *testing.T) {
	c := adc2(ruleCase{name: "adc2/share-check", phase: "axis-move2",
		mapx:  "[map.terrain]\nlake = [\"B-0504\", \"B-0506\", \"B-0604\", \"B-0404\", \"B-0405\"]",
		units: us("a axis panzer 8/4 6 B-0705", "b axis infantry 6/3 1 B-0505", "c axis infantry 6/3 6 B-0707")})
	g, _ := newTestGame(t, c.toml(), Options{})
	script(t, g, "move a B-0605 B-0505")
	list := func() string { return g.Actions().String() }
	fast := list()
	shareByTrial = true
	trial := list()
	shareByTrial = false
	if fast != trial {
		t.Errorf("listed:\n%s\nby trial:\n%s", fast, trial)
	}
	for _, um := range g.Actions().Moves {
		for _, d := range um.Dest {
			if um.ID == "c" && d.ID == "B-0605" {
				t.Errorf("c may end in B-0605")
			}
		}
	}
}
