package bot

import (
	"fmt"
	"io/fs"
	"math"
	"runtime"
	"strings"
	"sync"

	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/gonum/stat/distuv"

	"gpw/core"
	"gpw/game"
	"gpw/scenario"
)

// LadderOptions say which games Ladder plays.
type LadderOptions struct {
	Scenario *scenario.Scenario
	Rules    string   // "" for the scenario's
	Levels   []string // weakest first (nil: easy, normal, hard, expert)
	Seeds    int      // pairs of games per step, seeds First..First+Seeds-1
	First    int      // the first seed (0: 1)
	Workers  int      // games played at once (0: one per CPU)
	Builtin  fs.FS
}

// Step is one rung of the ladder: the stronger level against the one
// below, on paired seeds (each seed played twice, each level taking
// each side once).
type Step struct {
	Lower, Upper string
	Pairs        int
	// Score is the upper level's share of the games won (a draw half).
	Score float64
	// AsAxis and AsSoviet are its shares playing each side.
	AsAxis, AsSoviet float64
	// P is the two-sided p-value of the paired scores against an even
	// match (a normal approximation over the pairs' means).
	P float64
	// Elo is the rating difference the score implies, with its 95%
	// interval.
	Elo, EloLow, EloHigh float64
	// BaseAxis is the lower level's share as the Axis against itself on
	// the same seeds (one game a seed): what AsAxis is measured against
	// (the lower level's share as the Soviets is 1 - BaseAxis).
	BaseAxis float64
	// PAxis and PSoviet are the two-sided p-values of the upper level's
	// gain on each side: its score as the Axis (the Soviets) against the
	// lower level less the lower level's own on the same seed, paired.
	PAxis, PSoviet float64
}

// BothSides reports whether the upper level does better than the lower
// from each side against the same opponent (the lower level).
func (s Step) BothSides() bool {
	return s.AsAxis > s.BaseAxis && s.AsSoviet > 1-s.BaseAxis
}

// Ladder is the levels' ratings: the weakest at 0, each next one by the
// steps, with 95% intervals (the steps' variances added).
type Ladder struct {
	Scenario, Rules string
	Levels          []string
	Elo, Low, High  []float64
	Steps           []Step
	Errors          []string
}

// PlayLadder plays every pair of adjacent levels on o.Seeds paired seeds.
func PlayLadder(o LadderOptions) (*Ladder, error) {
	if o.Levels == nil {
		o.Levels = []string{"easy", "normal", "hard", "expert"}
	}
	for _, l := range o.Levels {
		if _, err := LevelByName(l); err != nil {
			return nil, err
		}
	}
	if len(o.Levels) < 2 || o.Seeds < 2 {
		return nil, fmt.Errorf("a ladder needs two levels and two seeds")
	}
	type result struct {
		score float64 // the upper level's: 1 a win, 0.5 a draw
		err   error
	}
	if o.First <= 0 {
		o.First = 1
	}
	nSteps := len(o.Levels) - 1
	res := make([][][3]result, nSteps) // [step][seed][upper as axis, as soviet, the lower against itself (the Axis's)]
	for i := range res {
		res[i] = make([][3]result, o.Seeds)
	}
	// job i: step i/(3*Seeds), seed i/3%Seeds+1, the upper level as
	// axis (i%3 == 0) or soviet (1), or the lower level on both sides (2)
	inParallel(o.Workers, nSteps*o.Seeds*3, func(i int) {
		step, seed, game := i/(3*o.Seeds), i/3%o.Seeds+1, i%3
		lower, upper := o.Levels[step], o.Levels[step+1]
		levels := [2]string{upper, lower}
		switch game {
		case 1:
			levels = [2]string{lower, upper}
		case 2:
			levels = [2]string{lower, lower}
		}
		var r result
		r.score, r.err = ladderGame(o, o.First+seed-1, levels)
		if game == 1 && r.err == nil {
			r.score = 1 - r.score
		}
		res[step][seed-1][game] = r
	})
	l := &Ladder{Scenario: o.Scenario.Name, Rules: o.Rules, Levels: o.Levels}
	elo, v := 0.0, 0.0
	l.Elo, l.Low, l.High = []float64{0}, []float64{0}, []float64{0}
	for s := 0; s < nSteps; s++ {
		st := Step{Lower: o.Levels[s], Upper: o.Levels[s+1]}
		var pairs, gainAx, gainSo []float64
		var ax, so, base float64
		for seed, r := range res[s] {
			if r[0].err != nil || r[1].err != nil || r[2].err != nil {
				l.Errors = append(l.Errors, fmt.Sprintf("%s v %s seed %d: %v %v %v", st.Upper, st.Lower, o.First+seed, r[0].err, r[1].err, r[2].err))
				continue
			}
			pairs = append(pairs, (r[0].score+r[1].score)/2)
			ax += r[0].score
			so += r[1].score
			base += r[2].score
			gainAx = append(gainAx, r[0].score-r[2].score)
			gainSo = append(gainSo, r[1].score-(1-r[2].score))
		}
		st.Pairs = len(pairs)
		if st.Pairs < 2 {
			return nil, fmt.Errorf("%s v %s: %d pairs played", st.Upper, st.Lower, st.Pairs)
		}
		n := float64(st.Pairs)
		st.Score, st.AsAxis, st.AsSoviet, st.BaseAxis = stat.Mean(pairs, nil), ax/n, so/n, base/n
		se := stat.StdDev(pairs, nil) / math.Sqrt(n)
		st.P = pairedP(pairs, 0.5)
		st.PAxis, st.PSoviet = pairedP(gainAx, 0), pairedP(gainSo, 0)
		st.Elo = eloOf(st.Score)
		st.EloLow, st.EloHigh = eloOf(st.Score-1.96*se), eloOf(st.Score+1.96*se)
		half := (st.EloHigh - st.EloLow) / 2 / 1.96
		elo, v = elo+st.Elo, v+half*half
		l.Elo = append(l.Elo, elo)
		l.Low = append(l.Low, elo-1.96*math.Sqrt(v))
		l.High = append(l.High, elo+1.96*math.Sqrt(v))
		l.Steps = append(l.Steps, st)
	}
	return l, nil
}

// pairedP is the two-sided p-value of the mean of xs against mean (a
// normal approximation over xs's mean); 1 when xs do not vary and their
// mean is mean, 0 when they do not vary and it is not.
func pairedP(xs []float64, mean float64) float64 {
	m := stat.Mean(xs, nil)
	se := stat.StdDev(xs, nil) / math.Sqrt(float64(len(xs)))
	if se > 0 {
		return 2 * distuv.UnitNormal.CDF(-math.Abs((m-mean)/se))
	}
	if m == mean {
		return 1
	}
	return 0
}

// eloOf is the Elo difference a score share implies, bounded at ±800
// (a share of 0 or 1).
func eloOf(p float64) float64 {
	p = math.Min(math.Max(p, 0.01), 0.99)
	return 400 * math.Log10(p/(1-p))
}

// ladderGame plays seed with levels (axis, soviet) and answers the Axis's
// score: 1 a win, 0 a loss, 0.5 a draw.
func ladderGame(o LadderOptions, seed int, levels [2]string) (float64, error) {
	g, err := game.New(o.Scenario, game.Options{Rules: o.Rules, Seed: int64(seed), SeedSet: true, NoUndo: true}, o.Builtin, nil)
	if err != nil {
		return 0, err
	}
	ax, err := ForGame(g, core.Axis, levels[0])
	if err != nil {
		return 0, err
	}
	so, err := ForGame(g, core.Soviet, levels[1])
	if err != nil {
		return 0, err
	}
	if err := PlayGame(g, ax, so, 0, nil); err != nil {
		return 0, err
	}
	switch Winner(g) {
	case core.Axis:
		return 1, nil
	case core.Soviet:
		return 0, nil
	}
	return 0.5, nil
}

func (l *Ladder) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s, %s rules: levels rated by paired games (each seed twice, each level on each side once)\n\n", l.Scenario, orDefault(l.Rules, "the scenario's"))
	fmt.Fprintf(&b, "%-8s %6s  %s\n", "level", "Elo", "95% interval")
	for i, name := range l.Levels {
		fmt.Fprintf(&b, "%-8s %6.0f  %.0f to %.0f\n", name, l.Elo[i], l.Low[i], l.High[i])
	}
	fmt.Fprintf(&b, "\n%-16s %5s %6s %8s %9s %8s %s\n", "step", "pairs", "score", "as axis", "as soviet", "p", "holds")
	for _, s := range l.Steps {
		holds := "no"
		if s.Score > 0.5 && s.P < 0.05 {
			holds = "yes"
		}
		fmt.Fprintf(&b, "%-16s %5d %5.0f%% %7.0f%% %8.0f%% %8.3g %s\n", s.Upper+" v "+s.Lower, s.Pairs, 100*s.Score, 100*s.AsAxis, 100*s.AsSoviet, s.P, holds)
	}
	fmt.Fprintf(&b, "\neach side against the lower level, beside the lower level's own score there (the same seeds; p of the paired gain)\n")
	fmt.Fprintf(&b, "%-16s %16s %8s %18s %8s %s\n", "step", "as axis (lower)", "p", "as soviet (lower)", "p", "both sides")
	for _, s := range l.Steps {
		both := "no"
		if s.BothSides() {
			both = "yes"
		}
		fmt.Fprintf(&b, "%-16s %8.0f%% (%3.0f%%) %8.3g %10.0f%% (%3.0f%%) %8.3g %s\n", s.Upper+" v "+s.Lower,
			100*s.AsAxis, 100*s.BaseAxis, s.PAxis, 100*s.AsSoviet, 100*(1-s.BaseAxis), s.PSoviet, both)
	}
	return strings.TrimRight(b.String(), "\n")
}

// inParallel calls f(i) for each i in [0, n) on workers goroutines (as
// many as GOMAXPROCS when workers is not positive) and returns when all
// have.
func inParallel(workers, n int, f func(i int)) {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				f(i)
			}
		}()
	}
	for i := 0; i < n; i++ {
		next <- i
	}
	close(next)
	wg.Wait()
}
