package bot

import (
	"testing"

	"gpw"
	"gpw/core"
	"gpw/game"
	"gpw/scenario"
)

// TestLevelHold: the hard and expert players hold their cities from at
// least 3 hexes out and their fortresses from 4, whatever their doctrine
// says, and keep a doctrine's wider holds; the normal and easy players and a look-ahead helper made
// at the hard level (New) keep the doctrine's.
func TestLevelHold(t *testing.T) {
	g := newBoard(t, "soviet-general", "\n[bot.soviet]\nhold_objectives = 2\nhold_fortresses = 5\n"+units("axis", "infantry", 6, 3, 6, "B-0505")+
		units("soviet", "infantry", 8, 4, 6, "B-0705"), game.Options{})
	helper, err := New(core.Soviet, "hard", nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name       string
		side       core.Side
		b          *Bot
		objs, fort float64
		major      float64
	}{
		{"hard", core.Soviet, nil, 3, 5, 6},
		{"expert", core.Soviet, nil, 3, 5, 6},
		{"normal", core.Soviet, nil, 2, 5, 6},
		{"easy", core.Soviet, nil, 2, 5, 6},
		{"hard", core.Axis, nil, 3, 4, 6},
		{"normal", core.Axis, nil, 0, 0, 6},
		{"helper", core.Soviet, helper, 2, 5, 6},
	} {
		b := c.b
		if b == nil {
			if b, err = ForGame(g, c.side, c.name); err != nil {
				t.Fatal(err)
			}
		}
		if err := b.bind(g); err != nil {
			t.Fatal(err)
		}
		if d := b.Doctrine; d.HoldObjectives != c.objs || d.HoldFortresses != c.fort || d.MajorCity != c.major {
			t.Errorf("%s %v: holds objectives %v, fortresses %v, a major city worth %v; want %v, %v, %v", c.name, c.side, d.HoldObjectives, d.HoldFortresses, d.MajorCity, c.objs, c.fort, c.major)
		}
	}
}

// TestEasyLeavesCities: the easy bot sends no garrison to its threatened
// cities (a beginner's blunder that makes it weaker as the Soviets, who
// otherwise did as well as the normal bot: docs/bots.md, "The ladder");
// the normal bot does, on the same Barbarossa.
func TestEasyLeavesCities(t *testing.T) {
	if testing.Short() {
		t.Skip("whole games")
	}
	sc, err := scenario.Load(gpw.Data, "scenarios/gdw/barbarossa.toml", gpw.Data)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		level string
		some  bool
	}{{"easy", false}, {"normal", true}} {
		g, err := game.New(sc, game.Options{Rules: "gdw", Seed: 1, SeedSet: true, NoUndo: true}, gpw.Data, nil)
		if err != nil {
			t.Fatal(err)
		}
		ax, _ := ForGame(g, core.Axis, c.level)
		so, _ := ForGame(g, core.Soviet, c.level)
		if err := PlayGame(g, ax, so, 0, nil); err != nil {
			t.Fatal(err)
		}
		if n := ax.Tactics["garrison"] + so.Tactics["garrison"]; (n > 0) != c.some {
			t.Errorf("%s: %d moves to garrison a city", c.level, n)
		}
	}
}
