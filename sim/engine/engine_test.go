package engine

import (
	"bytes"
	"context"
	"path"
	"runtime"
	"strings"
	"testing"
	"weak"

	"gpw"
	"gpw/core"
	"gpw/game"
	"gpw/scenario"
	"gpw/sim"
)

func barbarossa(t testing.TB) *scenario.Scenario {
	t.Helper()
	sc, err := scenario.Load(gpw.Data, path.Join("scenarios", "gdw/barbarossa.toml"), gpw.Data)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

func rulebook(t testing.TB, name string) *scenario.Scenario {
	t.Helper()
	sc, err := scenario.Load(gpw.Data, path.Join("scenarios", "rulebook", name+".toml"), gpw.Data)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// TestCollector plays the rulebook's combat example (a 4:1 DR, the
// Axis defender losing a step to a zone of control as it retreats) and
// reads its record.
func TestCollector(t *testing.T) {
	sc := rulebook(t, "combat-zoc-retreat")
	c := &collector{}
	g, err := game.New(sc, game.Options{Dice: []int{2}}, gpw.Data, c.sink)
	if err != nil {
		t.Fatal(err)
	}
	c.start(g) // nothing may keep g alive (see below)
	for _, line := range []string{"attack B-1603 from B-1503 B-1602 B-1703 B-1704", "move sov-a B-1504", "retreat B-1604 B-1605", "advance sov-d"} {
		g.Exec(line)
	}
	rec := c.finish()
	if rec.Lost.Axis != 3 || rec.Lost.Soviet != 0 {
		t.Errorf("lost %+v, want the Axis 3 (ger-1 6-3 reduced)", rec.Lost)
	}
	if len(rec.Battles) != 1 || rec.Battles["4:1"]["DR"] != 1 {
		t.Errorf("battles %v, want one DR at 4:1", rec.Battles)
	}
	if rec.Refused != 1 || !strings.HasPrefix(rec.Refusals[0], "move sov-a B-1504: ") {
		t.Errorf("refused %d %q, want the move during the retreat", rec.Refused, rec.Refusals)
	}
	if !rec.Truncated || len(rec.Turns) != 1 {
		t.Errorf("a game left in its first turn: truncated %v, turns %v", rec.Truncated, rec.Turns)
	}

	// A record kept (gpw sim keeps every one for its report) must not
	// keep its game alive: 1,000 games once held 2 GB this way.
	wg := weak.Make(g)
	g, c = nil, nil
	for i := 0; i < 5 && wg.Value() != nil; i++ {
		runtime.GC()
	}
	if wg.Value() != nil {
		t.Errorf("the game is still reachable from its record")
	}
	runtime.KeepAlive(rec)
}

func TestStepLost(t *testing.T) {
	for _, c := range []struct {
		u    core.Unit
		want int
	}{
		{core.Unit{Attack: [2]int{8, 4}, Status: core.OnMap, Reduced: true}, 4},
		{core.Unit{Attack: [2]int{8, 4}, Status: core.Eliminated}, 4},
		{core.Unit{Attack: [2]int{3, 0}, Status: core.Eliminated}, 3},
	} {
		if got := stepLost(&c.u); got != c.want {
			t.Errorf("%+v: %d, want %d", c.u, got, c.want)
		}
	}
}

func TestJudge(t *testing.T) {
	sc := barbarossa(t) // every condition the Axis's
	two := &scenario.Scenario{}
	two.Victory.Condition = []scenario.VictoryCondit{{Side: "axis"}, {Side: "soviet"}}
	for _, c := range []struct {
		sc   *scenario.Scenario
		met  []game.VictoryResult
		want judgement
	}{
		{sc, nil, judgement{"soviet", "default", 0}},
		{sc, []game.VictoryResult{{Side: core.Axis, Result: "marginal"}, {Side: core.Axis, Result: "decisive"}}, judgement{"axis", "decisive", 2}},
		{two, nil, judgement{"", "", 0}},
		{two, []game.VictoryResult{{Side: core.Axis, Result: "marginal"}, {Side: core.Soviet, Result: "marginal"}}, judgement{"", "", 0}},
		{two, []game.VictoryResult{{Side: core.Axis, Result: "marginal"}, {Side: core.Soviet, Result: "decisive"}}, judgement{"soviet", "decisive", -1}},
	} {
		if got := judge(c.sc, c.met); got != c.want {
			t.Errorf("%v: %+v, want %+v", c.met, got, c.want)
		}
	}
}

// TestWholeGames plays Barbarossa to its end: one snapshot per turn of
// the scenario, and the same records whatever the number of jobs (run
// with -race: games share the scenario).
func TestWholeGames(t *testing.T) {
	sc := barbarossa(t)
	e, err := New(Config{Scenario: sc, Name: "gdw/barbarossa", Builtin: gpw.Data, Arms: []string{"gdw", "testdata/gdwcopy.lua"}, Setup: "auto"})
	if err != nil {
		t.Fatal(err)
	}
	g, _ := game.New(sc, game.Options{}, gpw.Data, nil)
	first, _ := g.ParseTurn(sc.Start)
	last, _ := g.ParseTurn(sc.End)
	play := func(jobs int) []byte {
		h := e.Header()
		h.Games, h.Seed = 4, 11
		var b bytes.Buffer
		if _, err := sim.Run(context.Background(), &h, e, sim.Options{Jobs: jobs}, func(r *sim.Record) error {
			if len(r.Turns) != last-first+1 || r.Truncated || r.EndTurn != sc.End {
				t.Errorf("game %d arm %d: turns %v, truncated %v", r.Game, r.Arm, r.Turns, r.Truncated)
			}
			return sim.WriteLine(&b, r)
		}); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	if a, b := play(1), play(3); !bytes.Equal(a, b) {
		t.Errorf("records differ between 1 and 3 jobs")
	}
}

func TestVerdict(t *testing.T) {
	none := [2]bool{}
	axisEnd := [2]bool{true, false}
	for _, c := range []struct {
		winner string
		result game.Level
		met    [2]bool
		want   judgement
	}{
		{"axis", "marginal", axisEnd, judgement{"axis", "marginal", 1}},
		{"axis", "decisive", axisEnd, judgement{"axis", "decisive", 2}},
		{"soviet", "win", none, judgement{"soviet", "default", 0}},
		{"axis", "win", axisEnd, judgement{"axis", "win", 3}},
		{"soviet", "win", [2]bool{false, true}, judgement{"soviet", "win", -3}},
		{"axis", "win", none, judgement{"axis", "win", 3}}, // a module ended the game: not the default winner
		{"", "draw", none, judgement{"", "draw", 0}},
	} {
		if got := verdict(c.winner, c.result, c.met, "soviet"); got != c.want {
			t.Errorf("%s %s %v: %+v, want %+v", c.winner, c.result, c.met, got, c.want)
		}
	}
}

// recorder is a player that notes the game's options, then lets the
// engine play.
type recorder struct{ opts *[]game.Options }

func (r recorder) Play(g *game.Game, turns int) error {
	*r.opts = append(*r.opts, g.Opts)
	return g.PlayTurns(1)
}

// TestArms: --rules MODULE+NAME=VALUE reaches the game's options, and
// several players make arms of every rules arm under each.
func TestArms(t *testing.T) {
	var opts []game.Options
	rec := Players{New: func(int64) Player { return recorder{&opts} }, Bots: sim.Bots{Axis: "x", Soviet: "y"}}
	rec2 := rec
	rec2.Bots = sim.Bots{Axis: "z", Soviet: "z"}
	sc := barbarossa(t)
	e, err := New(Config{Scenario: sc, Name: "gdw/barbarossa", Builtin: gpw.Data, Arms: []string{"gdw", "gdw+soviet_replacements=0.5"}, Players: []Players{rec, rec2}, Setup: "auto", Turns: 1})
	if err != nil {
		t.Fatal(err)
	}
	h := e.Header()
	var names []string
	for _, a := range h.Arms {
		names = append(names, a.Name+" / "+a.Bot.String())
	}
	want := []string{"gdw @axis=x,soviet=y / axis=x soviet=y", "gdw+soviet_replacements=0.5 @axis=x,soviet=y / axis=x soviet=y", "gdw @z / axis=z soviet=z", "gdw+soviet_replacements=0.5 @z / axis=z soviet=z"}
	if strings.Join(names, "|") != strings.Join(want, "|") {
		t.Errorf("arms %q, want %q", names, want)
	}
	if h.Arms[1].Rules != "gdw" || h.Arms[1].Params["soviet_replacements"] != "0.5" {
		t.Errorf("arm 1: %+v", h.Arms[1])
	}
	for a := range h.Arms {
		r, err := e.Play(a, 0, 7)
		if err != nil {
			t.Fatal(err)
		}
		if r.Bot != h.Arms[a].Bot {
			t.Errorf("arm %d played by %v", a, r.Bot)
		}
	}
	if len(opts) != 4 || opts[0].Params != nil || opts[1].Params["soviet_replacements"] != "0.5" || !opts[1].AutoSetup || opts[1].Rules != "gdw" || opts[1].Seed != 7 {
		t.Errorf("the games' options: %+v", opts)
	}
	if got := e.Replay(1, 7); got != "gpw run --scenario gdw/barbarossa --rules gdw --param soviet_replacements=0.5 --seed 7 --auto-setup --bot axis=x --bot soviet=y --turns 1" {
		t.Errorf("replay: %s", got)
	}
	if _, err := New(Config{Scenario: sc, Name: "gdw/barbarossa", Builtin: gpw.Data, Arms: []string{"gdw"}, Setup: "bot"}); err == nil || !strings.Contains(err.Error(), "--setup auto") {
		t.Errorf("--setup bot with the engine's own play: %v", err)
	}
}

// TestLevels plays Barbarossa bot against bot with the bots' own setup:
// each record's level and score are the engine's verdict.
func TestLevels(t *testing.T) {
	players, err := Bots("normal", "normal")
	if err != nil {
		t.Fatal(err)
	}
	e, err := New(Config{Scenario: barbarossa(t), Name: "gdw/barbarossa", Builtin: gpw.Data, Arms: []string{"gdw"}, Players: []Players{players}})
	if err != nil {
		t.Fatal(err)
	}
	if e.Header().Setup != "bot" {
		t.Errorf("setup %q, want bot by default", e.Header().Setup)
	}
	score := map[string]int{"decisive": 2, "marginal": 1, "default": 0}
	for seed := int64(1); seed <= 4; seed++ {
		r, err := e.Play(0, int(seed), seed)
		if err != nil {
			t.Fatal(err)
		}
		s, ok := score[r.Level]
		if r.Winner == "soviet" {
			s = -s
		}
		if !ok || r.Score != s || r.Verdict == "" || !strings.HasPrefix(r.Verdict, r.Winner+" ") {
			t.Errorf("seed %d: winner %s level %s score %d verdict %q", seed, r.Winner, r.Level, r.Score, r.Verdict)
		}
		if r.Level == "default" && (r.Winner != "soviet" || !strings.Contains(r.Verdict, "default winner")) {
			t.Errorf("seed %d: a default that the engine does not call one: %q", seed, r.Verdict)
		}
		if len(r.Weather) != len(r.Turns) || len(r.KeyStart) != len(e.Header().Cities) || len(r.Attacks["axis"]) == 0 {
			t.Errorf("seed %d: weather %q, key start %q, attacks %v", seed, r.Weather, r.KeyStart, r.Attacks)
		}
		battles, attacks := 0, 0
		for _, m := range r.Battles {
			for _, n := range m {
				battles += n
			}
		}
		for _, m := range r.Attacks {
			for _, n := range m {
				attacks += n
			}
		}
		if battles != attacks || r.LostTurns.Axis[len(r.Turns)-1] != r.Lost.Axis || r.Events["retreat"] == 0 {
			t.Errorf("seed %d: %d battles, %d attacks; lost %v by turn %v; events %v", seed, battles, attacks, r.Lost, r.LostTurns, r.Events)
		}
	}
}

// TestFailures: games whose module fails are recorded with their error
// and replay; the others are played, the same as in a run without them.
func TestFailures(t *testing.T) {
	sc := barbarossa(t)
	e, err := New(Config{Scenario: sc, Name: "gdw/barbarossa", Builtin: gpw.Data, Arms: []string{"gdw", "testdata/fails.lua"}, Setup: "auto", Turns: 2})
	if err != nil {
		t.Fatal(err)
	}
	h := e.Header()
	h.Games, h.Seed = 12, 1
	var recs []*sim.Record
	if _, err := sim.Run(context.Background(), &h, e, sim.Options{Jobs: 2}, func(r *sim.Record) error { recs = append(recs, r); return nil }); err != nil {
		t.Fatal(err)
	}
	failed := 0
	for _, r := range recs {
		if r.Failed() {
			failed++
			if r.Arm != 1 || !strings.Contains(r.Error, "a fault planted for the test") || !strings.Contains(r.Replay, "--rules testdata/fails.lua") {
				t.Errorf("game %d arm %d: error %q replay %q", r.Game, r.Arm, r.Error, r.Replay)
			}
		}
	}
	if failed == 0 || failed == 12 {
		t.Fatalf("%d of 12 games failed: the test needs some of each", failed)
	}
	rep := sim.Summarize(&h, recs)
	if rep.Failed != failed || rep.Arms[1].N != 12-failed || rep.Versus[0].Pairs != 12-failed {
		t.Errorf("report: %d failed, arm 1 %d games, %d pairs", rep.Failed, rep.Arms[1].N, rep.Versus[0].Pairs)
	}
}
