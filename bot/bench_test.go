package bot

import (
	"path/filepath"
	"slices"
	"syscall"
	"testing"
	"time"

	"gpw"
	"gpw/core"
	"gpw/game"
	"gpw/scenario"
)

// benchGames plays whole bot-against-bot games of a scenario under a
// rules module, loading included, one seed per iteration; it reports the
// median time a bot's player turn took (ms/side-turn), and the process's
// CPU time a game and a side's player turn on average (ms-cpu/game,
// ms-cpu/side-turn: user and system, every goroutine, loading included;
// less swayed by other load on the machine than wall times).
func benchGames(b *testing.B, file, rules string) {
	var think []time.Duration
	cpu0 := cpuTime()
	for i := 0; i < b.N; i++ {
		sc, err := scenario.Load(gpw.Data, file, gpw.Data)
		if err != nil {
			b.Fatal(err)
		}
		g, err := game.New(sc, game.Options{Rules: rules, Seed: int64(i + 1), SeedSet: true, NoUndo: true}, gpw.Data, nil)
		if err != nil {
			b.Fatal(err)
		}
		ax, _ := ForGame(g, core.Axis, DefaultLevel)
		so, _ := ForGame(g, core.Soviet, DefaultLevel)
		if err := PlayGame(g, ax, so, 0, nil); err != nil {
			b.Fatal(err)
		}
		if n := ax.Refused() + so.Refused(); n > 0 {
			b.Fatalf("%d refused: %s %s", n, ax.LastRefusal(), so.LastRefusal())
		}
		for _, bt := range []*Bot{ax, so} {
			for _, d := range bt.Think {
				think = append(think, d)
			}
		}
	}
	cpu := float64((cpuTime() - cpu0).Microseconds()) / 1000
	b.ReportMetric(cpu/float64(b.N), "ms-cpu/game")
	if len(think) > 0 {
		b.ReportMetric(cpu/float64(len(think)), "ms-cpu/side-turn")
	}
	slices.Sort(think)
	if len(think) > 0 {
		b.ReportMetric(float64(think[len(think)/2].Microseconds())/1000, "ms/side-turn")
	}
}

func BenchmarkBarbarossaGDW(b *testing.B)  { benchGames(b, "scenarios/gdw/barbarossa.toml", "gdw") }
func BenchmarkBarbarossaADC2(b *testing.B) { benchGames(b, "scenarios/gdw/barbarossa.toml", "adc2") }
func BenchmarkCampaignGDW(b *testing.B)    { benchGames(b, "scenarios/gdw/campaign.toml", "gdw") }
func BenchmarkCampaignADC2(b *testing.B)   { benchGames(b, "scenarios/adc2/campaign.toml", "adc2") }

// The house modules with commands the bots judge by look-ahead.
func BenchmarkBarbarossaSariego(b *testing.B) {
	benchGames(b, "scenarios/gdw/barbarossa.toml", houseModule(b, "sariego.lua"))
}
func BenchmarkBarbarossaFrost(b *testing.B) {
	benchGames(b, "scenarios/gdw/barbarossa.toml", houseModule(b, "frost.lua"))
}

// houseModule is the absolute path of house rule module name.
func houseModule(tb testing.TB, name string) string {
	p, err := filepath.Abs(filepath.Join("..", "rules", "house", name))
	if err != nil {
		tb.Fatal(err)
	}
	return p
}

// cpuTime is the CPU time the process has used so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
