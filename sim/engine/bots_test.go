package engine

import (
	"context"
	"testing"

	"gpw"
	"gpw/sim"
)

// experiment plays Barbarossa bot against bot under arms for games seed
// indices and returns the report.
func experiment(t testing.TB, arms []string, games int) *sim.Report {
	t.Helper()
	players, err := Bots("normal", "normal")
	if err != nil {
		t.Fatal(err)
	}
	e, err := New(Config{Scenario: barbarossa(t), Name: "gdw/barbarossa", Builtin: gpw.Data, Arms: arms, Players: []Players{players}})
	if err != nil {
		t.Fatal(err)
	}
	h := e.Header()
	h.Games, h.Seed = games, 1
	var recs []*sim.Record
	if _, err := sim.Run(context.Background(), &h, e, sim.Options{Jobs: 2}, func(r *sim.Record) error {
		recs = append(recs, r)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return sim.Summarize(&h, recs)
}

// TestKnownEffect: doubling the Axis's attack factors (testdata/axis2x.lua)
// must be found helping the Axis, p < 0.001, in 50 pairs of games: in the
// Axis's wins or, where the bots already win most games as the Axis (its
// marginal victory of 1941), in the level of its victories (the score).
func TestKnownEffect(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 100 games")
	}
	c := experiment(t, []string{"gdw", "testdata/axis2x.lua"}, 50).Versus[0]
	byWins := c.P < 0.001 && c.AxisWin.Lo > 0 && c.ArmOnly > c.BaseOnly
	byScore := c.PScore < 0.001 && c.Score.Lo > 0
	if !byWins && !byScore {
		t.Errorf("Axis attacks doubled: difference %+v, McNemar p %g, discordant %d/%d; score %+v, p %g: the effect was missed", c.AxisWin, c.P, c.ArmOnly, c.BaseOnly, c.Score, c.PScore)
	}
}

// TestAA: GDW against an identical copy under another name shows no
// significant difference in real games.
func TestAA(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 16 games")
	}
	r := experiment(t, []string{"gdw", "testdata/gdwcopy.lua"}, 8)
	c := r.Versus[0]
	if c.P < 0.05 || c.AxisWin.Lo > 0 || c.AxisWin.Hi < 0 || c.PScore < 0.05 {
		t.Errorf("A/A: difference %+v, McNemar p %g, score p %g", c.AxisWin, c.P, c.PScore)
	}
	if r.Arms[0].Hash == r.Arms[1].Hash {
		t.Errorf("the copy has the same rules hash as gdw")
	}
}
