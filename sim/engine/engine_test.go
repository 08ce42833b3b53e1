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
	c.start(g) // no defer g.Close(): it would keep g alive (see below)
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
	g.Close()
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
	e, err := New(Config{Scenario: sc, Name: "gdw/barbarossa", Builtin: gpw.Data, Arms: []string{"gdw", "testdata/gdwcopy.lua"}})
	if err != nil {
		t.Fatal(err)
	}
	g, _ := game.New(sc, game.Options{}, gpw.Data, nil)
	first, _ := g.ParseTurn(sc.Start)
	last, _ := g.ParseTurn(sc.End)
	g.Close()
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
