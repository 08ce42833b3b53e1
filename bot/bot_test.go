package bot

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"

	"gpw"
	"gpw/core"
	"gpw/game"
	"gpw/scenario"
)

// shipped lists the built-in scenarios (scenarios/*/*.toml) with the
// rules variants each supports.
func shipped(t testing.TB) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	dirs, err := fs.ReadDir(gpw.Data, "scenarios")
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range dirs {
		files, _ := fs.ReadDir(gpw.Data, path.Join("scenarios", d.Name()))
		for _, f := range files {
			name := path.Join("scenarios", d.Name(), f.Name())
			if !strings.HasSuffix(name, ".toml") || d.Name() == "units" || d.Name() == "schedules" {
				continue
			}
			sc, err := scenario.Load(gpw.Data, name, gpw.Data)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			vs := sc.Variants
			if len(vs) == 0 {
				vs = []string{sc.Rules}
			}
			out[name] = vs
		}
	}
	return out
}

// match plays seed of a scenario with the given levels (axis, soviet)
// for turns turns (0: to the end) and returns the game, its log and the
// bots.
func match(t testing.TB, file, rules string, seed int64, axis, soviet string, turns int) (*game.Game, []game.Event, [2]*Bot) {
	t.Helper()
	sc, err := scenario.Load(gpw.Data, file, gpw.Data)
	if err != nil {
		t.Fatal(err)
	}
	var log []game.Event
	g, err := game.New(sc, game.Options{Rules: rules, Seed: seed, SeedSet: true}, gpw.Data, func(e game.Event) { log = append(log, e) })
	if err != nil {
		t.Fatal(err)
	}
	var bots [2]*Bot
	for side, level := range []string{axis, soviet} {
		if bots[side], err = ForGame(g, core.Side(side), level); err != nil {
			t.Fatal(err)
		}
	}
	if err := PlayGame(g, bots[0], bots[1], turns, nil); err != nil {
		t.Fatalf("%s %s seed %d: %v", file, rules, seed, err)
	}
	return g, log, bots
}

// TestNoRefusals plays every shipped scenario under each of its rules
// variants for 20 seeds, bot against bot, and checks that the game
// refused none of the bots' commands and that no error or panic came.
// To keep go test fast the games are short: two turns under gdw, one
// under adc2 (BenchmarkNoRefusals plays them whole).
func TestNoRefusals(t *testing.T) {
	seeds := 20
	if testing.Short() {
		seeds = 3
	}
	files := shipped(t)
	names := make([]string, 0, len(files))
	for f := range files {
		names = append(names, f)
	}
	sort.Strings(names)
	for _, f := range names {
		for _, rules := range files[f] {
			turns := 2
			if rules != "gdw" {
				turns = 1
			}
			t.Run(strings.TrimPrefix(f, "scenarios/")+"/"+rules, func(t *testing.T) {
				t.Parallel()
				for seed := 1; seed <= seeds; seed++ {
					_, log, bots := match(t, f, rules, int64(seed), "normal", "normal", turns)
					for _, b := range bots {
						if b.Refused() > 0 {
							t.Errorf("seed %d: the %s bot had %d command(s) refused; the last: %s", seed, b.Side, b.Refused(), b.LastRefusal())
						}
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

// TestBeatsRandom: the bot wins Barbarossa against the random legal
// player (the engine's, game.RandomPlayer) from either side, judged by the
// scenario's victory conditions (Winner). The random player takes seconds
// a game, so go test plays 4 seeds a side; BenchmarkBeatsRandom plays the
// full 100.
func TestBeatsRandom(t *testing.T) {
	seeds := 4
	if testing.Short() {
		seeds = 2
	}
	for _, side := range []core.Side{core.Axis, core.Soviet} {
		t.Run(side.String(), func(t *testing.T) {
			t.Parallel()
			wins, losses := winsAgainstRandom(t, side, seeds)
			if wins*100 < 95*seeds {
				t.Errorf("the %s bot won %d of %d games against the random player (lost seeds %v); want 95%%", side, wins, seeds, losses)
			}
		})
	}
}

func winsAgainstRandom(t testing.TB, side core.Side, seeds int) (int, []int) {
	wins := 0
	var lost []int
	for seed := 1; seed <= seeds; seed++ {
		levels := [2]string{"random", "random"}
		levels[side] = DefaultLevel
		g, _, _ := match(t, "scenarios/gdw/barbarossa.toml", "gdw", int64(seed), levels[0], levels[1], 0)
		if Winner(g) == side {
			wins++
		} else {
			lost = append(lost, seed)
		}
	}
	return wins, lost
}

// TestDeterminism: the same seed gives the same game, byte for byte.
func TestDeterminism(t *testing.T) {
	logs := twoLogs(t, "normal", 3)
	if logs[0] != logs[1] {
		t.Fatalf("two games with seed 7 differ:\n%s", firstDiff(logs[0], logs[1]))
	}
}

// twoLogs is the JSON event logs of two games of GDW Barbarossa with
// seed 7, both sides at level, for turns turns.
func twoLogs(t *testing.T, level string, turns int) [2]string {
	var logs [2]string
	for i := range logs {
		_, log, _ := match(t, "scenarios/gdw/barbarossa.toml", "gdw", 7, level, level, turns)
		b, err := json.Marshal(log)
		if err != nil {
			t.Fatal(err)
		}
		logs[i] = string(b)
	}
	return logs
}

func firstDiff(a, b string) string {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			lo := max(0, i-200)
			return fmt.Sprintf("...%s\nvs\n...%s", a[lo:min(len(a), i+200)], b[lo:min(len(b), i+200)])
		}
	}
	return "one is a prefix of the other"
}

// TestLevels: every level plays both sides of a game to its end, and a
// bot's random stream differs from the dice.
func TestLevels(t *testing.T) {
	t.Parallel()
	for _, l := range Levels {
		t.Run(l.Name, func(t *testing.T) {
			t.Parallel()
			g, log, bots := match(t, "scenarios/gdw/barbarossa.toml", "gdw", 3, l.Name, l.Name, 0)
			if !g.Over() {
				t.Errorf("the game did not end")
			}
			for _, b := range bots {
				if b.Refused() > 0 {
					t.Errorf("%s: %d refused: %s", b.Side, b.Refused(), b.LastRefusal())
				}
			}
			moves := 0
			for _, e := range log {
				if e.Kind == "move" {
					moves++
				}
			}
			if moves == 0 {
				t.Errorf("no unit moved")
			}
		})
	}
	if _, err := New(core.Axis, "grandmaster", nil, 1); err == nil || !strings.Contains(err.Error(), "levels: random, easy, normal, hard") {
		t.Errorf("an unknown level: %v", err)
	}
}

// TestSeed: the two sides' streams differ, and depend on the game seed.
func TestSeed(t *testing.T) {
	sc, err := scenario.Load(gpw.Data, "scenarios/gdw/barbarossa.toml", gpw.Data)
	if err != nil {
		t.Fatal(err)
	}
	seeds := map[uint64]string{}
	for _, s := range []int64{1, 2} {
		g, err := game.New(sc, game.Options{Seed: s, SeedSet: true}, gpw.Data, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, side := range []core.Side{core.Axis, core.Soviet} {
			x := Seed(g, side)
			if prev, dup := seeds[x]; dup {
				t.Errorf("seed %d %s: the same bot seed as %s", s, side, prev)
			}
			seeds[x] = fmt.Sprint(s, side)
		}
	}
}

// BenchmarkNoRefusals plays every shipped scenario and variant whole for
// 20 seeds, one game per CPU at a time, and fails on any refused
// command, error or panic.
func BenchmarkNoRefusals(b *testing.B) {
	type job struct {
		file, rules string
		seed        int64
	}
	files := shipped(b)
	names := make([]string, 0, len(files))
	for f := range files {
		names = append(names, f)
	}
	sort.Strings(names)
	for i := 0; i < b.N; i++ {
		jobs := make(chan job)
		var mu sync.Mutex
		var wg sync.WaitGroup
		refused, games := 0, 0
		for w := 0; w < runtime.GOMAXPROCS(0); w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for j := range jobs {
					_, log, bots := match(b, j.file, j.rules, j.seed, "normal", "normal", 0)
					mu.Lock()
					games++
					refused += bots[0].Refused() + bots[1].Refused()
					for _, e := range log {
						if e.Kind == "error" {
							b.Errorf("%s %s seed %d: %s", j.file, j.rules, j.seed, e.Text)
						}
					}
					mu.Unlock()
				}
			}()
		}
		for _, f := range names {
			for _, rules := range files[f] {
				for seed := int64(1); seed <= 20; seed++ {
					jobs <- job{f, rules, seed}
				}
			}
		}
		close(jobs)
		wg.Wait()
		b.ReportMetric(float64(games), "games")
		b.ReportMetric(float64(refused), "refused")
		if refused > 0 {
			b.Fatalf("%d commands refused", refused)
		}
	}
}

// BenchmarkBeatsRandom plays 100 seeds from each side against the random
// player and reports the share won.
func BenchmarkBeatsRandom(b *testing.B) {
	for i := 0; i < b.N; i++ {
		for _, side := range []core.Side{core.Axis, core.Soviet} {
			wins, lost := winsAgainstRandom(b, side, 100)
			b.ReportMetric(float64(wins), side.String()+"-wins/100")
			if wins < 95 {
				b.Errorf("%s won %d of 100 (lost %v)", side, wins, lost)
			}
		}
	}
}

// TestHistoryShape: bot against bot, Barbarossa keeps the shape of 1941
// (gpw bots history prints the whole table): the Axis in Riga in July,
// at Smolensk by August, in Pskov by the autumn and at the gates of
// Leningrad in August (its axes of advance), not in Kiev in July and in
// most games not in August (the scenario's doctrine: the Soviets stand
// before their cities), but in Kiev by the end, short of Leningrad in
// most games (about three in four of 100) and of Moscow in nearly all
// in the winter.
func TestHistoryShape(t *testing.T) {
	t.Parallel()
	seeds := 20
	if testing.Short() {
		seeds = 10
	}
	sc, err := scenario.Load(gpw.Data, "scenarios/gdw/barbarossa.toml", gpw.Data)
	if err != nil {
		t.Fatal(err)
	}
	h, err := PlayHistory(HistoryOptions{Scenario: sc, Rules: "gdw", Seeds: seeds, Builtin: gpw.Data})
	if err != nil || len(h.Errors) > 0 {
		t.Fatalf("%v %v", err, h.Errors)
	}
	share := func(city, turn string) float64 {
		for i, c := range h.Cities {
			for j, name := range h.Turns {
				if c.Label() == city && name == turn {
					return float64(h.Held[i][j]) / float64(h.Games)
				}
			}
		}
		t.Fatalf("no %s in %s", city, turn)
		return 0
	}
	for _, c := range []struct {
		city, turn string
		lo, hi     float64
	}{
		{"Riga", "Jul 1941", 0.5, 1},
		{"Riga", "Aug 1941", 0.7, 1},
		{"Smolensk", "Aug 1941", 0.6, 1},
		{"Pskov", "Aug 1941", 0.6, 1},
		{"Pskov", "Sep/Oct 1941", 0.4, 1},
		{"Leningrad ≤2", "Aug 1941", 0.4, 1},
		{"Leningrad ≤2", "Nov/Dec 1941", 0.4, 1},
		{"Kiev", "Jul 1941", 0, 0.1},
		{"Kiev", "Aug 1941", 0, 0.5},
		{"Kiev", "Nov/Dec 1941", 0.6, 1},
		{"Leningrad", "Nov/Dec 1941", 0, 0.25},
		{"Odessa", "Aug 1941", 0, 0.5},
		{"Kharkov", "Nov/Dec 1941", 0.2, 1},
		{"Moscow", "Nov/Dec 1941", 0, 0.15},
	} {
		if x := share(c.city, c.turn); x < c.lo || x > c.hi {
			t.Errorf("the Axis holds %s at the end of %s in %.0f%% of the games, want %.0f%% to %.0f%%\n%s", c.city, c.turn, 100*x, 100*c.lo, 100*c.hi, h)
		}
	}
}
