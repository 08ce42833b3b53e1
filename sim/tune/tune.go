// Package tune finds the value of a rules module's parameter at which a
// measure of the games (the Axis's win rate, the mean score) meets a
// target: bisection on common random numbers. Every value tried plays
// the same seeds, so two values are compared game for game and the
// measure, seen through one set of seeds, moves with the parameter
// alone; the interval of the value found is a bootstrap over the seeds.
package tune

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
)

// Evaluator plays n games (seed indices 0..n-1, the same at every value)
// with the parameter set to x and returns each game's measure (for the
// Axis's win rate: 1 for a win, else 0).
type Evaluator interface {
	Eval(x float64, n int) ([]float64, error)
}

// EvalFunc is a function that is an Evaluator.
type EvalFunc func(x float64, n int) ([]float64, error)

// Eval calls f.
func (f EvalFunc) Eval(x float64, n int) ([]float64, error) { return f(x, n) }

// Options describe a search.
type Options struct {
	Lo, Hi float64 // the range searched
	Target float64 // the measure's mean sought
	Budget int     // games to play at most, over every value tried
	// Games is the number of games per value tried; 0: a tenth of the
	// budget (the two ends and eight halvings), at least MinGames.
	Games int
	// Step rounds every value tried to a multiple of it (0: none), for
	// parameters that take whole numbers or a coarse grid.
	Step float64
	// Seed seeds the bootstrap's resampling.
	Seed uint64
	// Log is told each value tried, as it is.
	Log func(Eval)
}

// MinGames is the fewest games a value is tried with.
const MinGames = 20

// Bootstraps is the number of resamples of the seeds for the interval.
const Bootstraps = 1000

// Eval is one value tried.
type Eval struct {
	Value float64   `json:"value"`
	Games int       `json:"games"`
	Mean  float64   `json:"mean"`
	Lo    float64   `json:"lo"` // 95% interval of the mean (t, or Wilson for 0/1)
	Hi    float64   `json:"hi"`
	Out   []float64 `json:"-"` // each game's measure
}

// Result is what a search found.
type Result struct {
	Value float64 `json:"value"`
	Lo    float64 `json:"lo"` // 95% bootstrap interval
	Hi    float64 `json:"hi"`
	Games int     `json:"games"` // played in all
	// Bracketed: the target lies between the measures at the range's
	// ends; else Value is the end nearer to it.
	Bracketed bool   `json:"bracketed"`
	Evals     []Eval `json:"evals"`
}

// Search bisects [Lo, Hi] for the value whose measure meets the target,
// assuming the measure moves one way with the parameter.
func Search(ev Evaluator, o Options) (*Result, error) {
	if !(o.Lo < o.Hi) {
		return nil, fmt.Errorf("the range %g..%g is empty", o.Lo, o.Hi)
	}
	n := o.Games
	if n == 0 {
		n = max(MinGames, o.Budget/10)
	}
	if o.Budget < 2*n {
		return nil, fmt.Errorf("a budget of %d games cannot try the range's two ends with %d games each", o.Budget, n)
	}
	r := &Result{}
	try := func(x float64) (*Eval, error) {
		out, err := ev.Eval(x, n)
		if err != nil {
			return nil, fmt.Errorf("at %g: %w", x, err)
		}
		if len(out) != n {
			return nil, fmt.Errorf("at %g: %d games measured, %d asked", x, len(out), n)
		}
		e := Eval{Value: x, Games: n, Out: out}
		e.Mean, e.Lo, e.Hi = meanInterval(out)
		r.Evals = append(r.Evals, e)
		r.Games += n
		if o.Log != nil {
			o.Log(e)
		}
		return &r.Evals[len(r.Evals)-1], nil
	}
	lo, err := try(o.Lo)
	if err != nil {
		return nil, err
	}
	hi, err := try(o.Hi)
	if err != nil {
		return nil, err
	}
	a, b := lo.Value, hi.Value
	fa, fb := lo.Mean-o.Target, hi.Mean-o.Target
	if fa*fb > 0 {
		r.Value, r.Lo, r.Hi = o.Lo, o.Lo, o.Lo
		if math.Abs(fb) < math.Abs(fa) {
			r.Value, r.Lo, r.Hi = o.Hi, o.Hi, o.Hi
		}
		return r, nil
	}
	r.Bracketed = true
	for r.Games+n <= o.Budget {
		x := round((a+b)/2, o.Step)
		if x == a || x == b {
			break // the grid of Step is exhausted
		}
		e, err := try(x)
		if err != nil {
			return nil, err
		}
		if f := e.Mean - o.Target; f == 0 {
			a, b = x, x
			break
		} else if (f > 0) == (fa > 0) {
			a, fa = x, f
		} else {
			b = x
		}
	}
	r.Value = round(crossing(r.Evals, o.Target, func(e Eval) float64 { return e.Mean }, o.Lo, o.Hi), o.Step)
	r.Lo, r.Hi = bootstrap(r.Evals, o)
	return r, nil
}

// crossing is where the measure, interpolated linearly between the
// values tried (in order), meets the target: the first crossing from the
// value tried nearest it; an end of the range when none does.
func crossing(evals []Eval, target float64, mean func(Eval) float64, lo, hi float64) float64 {
	es := slices.Clone(evals)
	slices.SortFunc(es, func(a, b Eval) int {
		switch {
		case a.Value < b.Value:
			return -1
		case a.Value > b.Value:
			return 1
		}
		return 0
	})
	best, bestD := math.NaN(), math.Inf(1)
	for i := 0; i+1 < len(es); i++ {
		x0, x1 := es[i].Value, es[i+1].Value
		f0, f1 := mean(es[i])-target, mean(es[i+1])-target
		if f0*f1 > 0 || f0 == f1 {
			if f0 == 0 && f1 == 0 {
				return (x0 + x1) / 2
			}
			continue
		}
		x := x0 + (x1-x0)*f0/(f0-f1)
		// where several crossings: the one in the narrowest bracket
		if d := x1 - x0; d < bestD {
			best, bestD = x, d
		}
	}
	if !math.IsNaN(best) {
		return best
	}
	// no crossing: the end whose measure is nearer the target
	first, last := mean(es[0])-target, mean(es[len(es)-1])-target
	if math.Abs(last) < math.Abs(first) {
		return hi
	}
	return lo
}

// bootstrap is the 95% percentile interval of the crossing over
// resamples of the seeds (the same resample for every value tried, as
// they played the same seeds).
func bootstrap(evals []Eval, o Options) (float64, float64) {
	n := evals[0].Games
	rng := rand.New(rand.NewPCG(o.Seed, 0x9e3779b97f4a7c15))
	xs := make([]float64, Bootstraps)
	idx := make([]int, n)
	re := slices.Clone(evals)
	for b := range xs {
		for i := range idx {
			idx[i] = rng.IntN(n)
		}
		for k, e := range evals {
			s := 0.0
			for _, i := range idx {
				s += e.Out[i]
			}
			re[k].Mean = s / float64(n)
		}
		xs[b] = round(crossing(re, o.Target, func(e Eval) float64 { return e.Mean }, o.Lo, o.Hi), o.Step)
	}
	slices.Sort(xs)
	return xs[int(0.025*float64(len(xs)))], xs[int(math.Ceil(0.975*float64(len(xs))))-1]
}

func round(x, step float64) float64 {
	if step <= 0 {
		return x
	}
	return math.Round(x/step) * step
}

// meanInterval is the mean of xs with its 95% interval: Wilson's when
// every x is 0 or 1, else the normal one.
func meanInterval(xs []float64) (m, lo, hi float64) {
	n := float64(len(xs))
	if n == 0 {
		return math.NaN(), math.NaN(), math.NaN()
	}
	s, ss, binary := 0.0, 0.0, true
	for _, x := range xs {
		s += x
		ss += x * x
		binary = binary && (x == 0 || x == 1)
	}
	m = s / n
	const z = 1.959963984540054
	if binary {
		z2 := z * z
		den := 1 + z2/n
		mid := (m + z2/(2*n)) / den
		h := z / den * math.Sqrt(m*(1-m)/n+z2/(4*n*n))
		return m, max(0, mid-h), min(1, mid+h)
	}
	v := 0.0
	if n > 1 {
		v = max(0, (ss-s*s/n)/(n-1))
	}
	h := z * math.Sqrt(v/n)
	return m, m - h, m + h
}
