package bot

import (
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"gpw"

	"gpw/core"
	"gpw/game"
	"gpw/scenario"
)

// searchBoard is a position where the hard bot's greedy move is wrong: a
// lone Soviet infantry army may walk into Testgrad, which three panzer
// corps next to it will take whatever it does; the hard bot garrisons
// the city (hold-the-city, garrison), where the panzers destroy the army
// at high odds, while standing back keeps it, the city lost either way.
func searchBoard(t testing.TB) *game.Game {
	return newBoard(t, "soviet-general", victoryTOML("B-1005")+units("axis", "panzer", 12, 6, 8, "B-0503", "B-0505", "B-0507")+
		units("soviet", "infantry", 8, 4, 6, "B-1308"), game.Options{})
}

// TestSearchBeatsGreedy: on searchBoard the expert plays a plan other
// than the hard bot's, and the Axis's reply (the hard bot's, every face
// of the die for its attacks) leaves the Soviets stronger on average
// than after the hard bot's move, and never weaker.
func TestSearchBeatsGreedy(t *testing.T) {
	after := map[string]float64{}
	for _, level := range []string{"hard", "expert"} {
		g := searchBoard(t)
		b, err := New(core.Soviet, level, nil, 1)
		if err != nil {
			t.Fatal(err)
		}
		if err := b.Play(g); err != nil {
			t.Fatal(err)
		}
		if b.Refused() > 0 {
			t.Fatalf("%s: refused: %s", level, b.LastRefusal())
		}
		if level == "expert" {
			if len(b.Searched) != 1 || b.Searched[0].Chosen == 0 {
				t.Fatalf("the expert's search: %v, want a plan other than the hard bot's (as-is)", b.Searched)
			}
			r := b.Searched[0]
			if r.Scores[r.Chosen] <= r.Scores[0] {
				t.Errorf("the chosen plan %s is valued %.1f, the hard bot's %.1f", r.Plans[r.Chosen], r.Scores[r.Chosen], r.Scores[0])
			}
		}
		// the Axis's turn, its attacks on each face of the die
		for f := 1; f <= 6; f++ {
			c := g.Clone()
			c.ForceDice(f, f, f, f, f, f)
			hs := [2]*Bot{}
			hs[core.Axis], _ = New(core.Axis, "hard", nil, 1)
			hs[core.Soviet], _ = New(core.Soviet, "hard", nil, 1)
			playUntil(c, hs, func(g *game.Game) bool { return g.Phase().Side == core.Soviet })
			after[level] += mapStrength(c, core.Soviet) / 6
		}
		t.Logf("%s: sov-in1 at %s; Soviet strength after the Axis's turn %.2f", level, hexOf(g, "sov-in1"), after[level])
	}
	if after["expert"] <= after["hard"] {
		t.Errorf("the Soviet strength after the Axis's reply: expert %.2f, hard %.2f; want the expert's higher", after["expert"], after["hard"])
	}
}

// mapStrength is side's attack and defence strength on the map.
func mapStrength(g *game.Game, side core.Side) float64 {
	var x float64
	s := g.Position()
	for k := range s.Units {
		if u := &s.Units[k]; u.Side == side && u.Status == core.OnMap {
			x += float64(u.AttackNow() + u.DefenseNow())
		}
	}
	return x
}

// TestSearchDeterminism: the expert's games replay byte for byte from
// the seed (its plans' dice and noise come from its own stream).
func TestSearchDeterminism(t *testing.T) {
	logs := twoLogs(t, "expert", 2)
	if logs[0] != logs[1] {
		t.Fatalf("two expert games with seed 7 differ:\n%s", firstDiff(logs[0], logs[1]))
	}
}

// TestSearchNoRefusals: the expert against itself, every shipped
// scenario under each of its rules, a turn, seed 1: no command
// refused, no error, and some plan searched.
func TestSearchNoRefusals(t *testing.T) {
	files := shipped(t)
	names := make([]string, 0, len(files))
	for f := range files {
		names = append(names, f)
	}
	slices.Sort(names)
	seeds := 1 // a turn of an expert campaign game costs seconds; TestLevels plays Barbarossa whole
	var searched atomic.Int64
	t.Cleanup(func() {
		if searched.Load() == 0 {
			t.Errorf("no expert searched a plan")
		}
	})
	for _, f := range names {
		for _, rules := range files[f] {
			t.Run(strings.TrimPrefix(f, "scenarios/")+"/"+rules, func(t *testing.T) {
				t.Parallel()
				for seed := 1; seed <= seeds; seed++ {
					_, log, bots := match(t, f, rules, int64(seed), "expert", "expert", 1)
					for _, b := range bots {
						if b.Refused() > 0 {
							t.Errorf("seed %d: the %s expert had %d command(s) refused; the last: %s", seed, b.Side, b.Refused(), b.LastRefusal())
						}
						searched.Add(int64(len(b.Searched)))
					}
					for _, e := range log {
						if e.Kind == "error" {
							t.Errorf("seed %d: %s", seed, e.Text)
							break
						}
					}
				}
			})
		}
	}
}

// benchLevels plays whole Barbarossa games (gdw), seed i+1 per
// iteration, with the given levels (axis, soviet), and reports the
// median time a player turn of each side took and the CPU a game.
func benchLevels(b *testing.B, axis, soviet string) {
	var think [2][]time.Duration
	cpu0 := cpuTime()
	defer func() {
		b.ReportMetric(float64((cpuTime()-cpu0).Microseconds())/1000/float64(b.N), "ms-cpu/game")
	}()
	for i := 0; i < b.N; i++ {
		sc, err := scenario.Load(gpw.Data, "scenarios/gdw/barbarossa.toml", gpw.Data)
		if err != nil {
			b.Fatal(err)
		}
		g, err := game.New(sc, game.Options{Rules: "gdw", Seed: int64(i + 1), SeedSet: true}, gpw.Data, nil)
		if err != nil {
			b.Fatal(err)
		}
		ax, _ := ForGame(g, core.Axis, axis)
		so, _ := ForGame(g, core.Soviet, soviet)
		if err := PlayGame(g, ax, so, 0, nil); err != nil {
			b.Fatal(err)
		}
		for side, bt := range []*Bot{ax, so} {
			for _, d := range bt.Think {
				think[side] = append(think[side], d)
			}
		}
	}
	for side, ts := range think {
		slices.Sort(ts)
		if len(ts) > 0 {
			b.ReportMetric(float64(ts[len(ts)/2].Microseconds())/1000, "ms/"+core.Side(side).String()+"-turn")
		}
	}
}

// The expert against itself and against hard, beside hard against
// itself: the search's cost per game.
func BenchmarkBarbarossaHard(b *testing.B)       { benchLevels(b, "hard", "hard") }
func BenchmarkBarbarossaExpert(b *testing.B)     { benchLevels(b, "expert", "expert") }
func BenchmarkBarbarossaExpertAxis(b *testing.B) { benchLevels(b, "expert", "hard") }

// TestSearchUnderFog: under hidden information (the house fog module)
// the expert thinks on its side's masked copy and searches each stretch
// once, though it thinks again on a fresh copy after every die, and is
// refused nothing.
func TestSearchUnderFog(t *testing.T) {
	defer func(v bool) { holderEndOnly = v }(holderEndOnly)
	holderEndOnly = false // the Soviets search every stretch
	mod := houseModule(t, "fog.lua")
	_, _, bots := match(t, "scenarios/gdw/barbarossa.toml", mod, 2, "expert", "expert", 2)
	for _, b := range bots {
		if b.Refused() > 0 {
			t.Errorf("the %s expert had %d command(s) refused; the last: %s", b.Side, b.Refused(), b.LastRefusal())
		}
		seen := map[string]bool{}
		for _, r := range b.Searched {
			k := r.Turn + " " + r.Phase
			if seen[k] {
				t.Errorf("the %s expert searched %s twice", b.Side, k)
			}
			seen[k] = true
		}
	}
	if len(bots[core.Soviet].Searched) == 0 {
		t.Errorf("the Soviet expert searched nothing")
	}
}
func BenchmarkBarbarossaExpertSoviet(b *testing.B) { benchLevels(b, "hard", "expert") }
