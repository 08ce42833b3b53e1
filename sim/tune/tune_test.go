package tune

import (
	"math"
	"math/rand/v2"
	"testing"
)

// curve is a synthetic experiment: under parameter x the Axis wins game
// i when the game's own uniform draw u_i (its seed, the same at every x:
// common random numbers) falls below p(x) = logistic(slope·(x − root)).
type curve struct {
	root, slope float64
	offset      uint64 // which seeds: another offset is another experiment
	played      *int
}

func (c curve) p(x float64) float64 { return 1 / (1 + math.Exp(-c.slope*(x-c.root))) }

func (c curve) Eval(x float64, n int) ([]float64, error) {
	out := make([]float64, n)
	for i := range out {
		u := rand.New(rand.NewPCG(c.offset, uint64(i))).Float64()
		if u < c.p(x) {
			out[i] = 1
		}
	}
	if c.played != nil {
		*c.played += n
	}
	return out, nil
}

func TestSearchFindsTheRoot(t *testing.T) {
	const runs = 40
	covered := 0
	var width float64
	for k := 0; k < runs; k++ {
		played := 0
		c := curve{root: 0.37, slope: 6, offset: uint64(k), played: &played}
		r, err := Search(c, Options{Lo: 0, Hi: 1, Target: 0.5, Budget: 2000, Seed: uint64(k)})
		if err != nil {
			t.Fatal(err)
		}
		if played != r.Games || r.Games > 2000 || !r.Bracketed || len(r.Evals) > 10 {
			t.Fatalf("run %d: %d games played, %d counted, %d values tried", k, played, r.Games, len(r.Evals))
		}
		if !(r.Lo <= r.Value && r.Value <= r.Hi) {
			t.Errorf("run %d: %g outside its interval [%g, %g]", k, r.Value, r.Lo, r.Hi)
		}
		if r.Lo <= c.root && c.root <= r.Hi {
			covered++
		}
		width += r.Hi - r.Lo
	}
	// 200 games per value: the win rate's standard error near 0.5 is
	// 0.035, the slope there 1.5 per unit, so the root's is about 0.024.
	t.Logf("covered %d of %d, mean width %.3f", covered, runs, width/runs)
	if covered < runs*85/100 {
		t.Errorf("the 95%% interval covered the root in %d of %d runs", covered, runs)
	}
	if w := width / runs; w > 0.15 || w < 0.03 {
		t.Errorf("mean interval width %.3f, expected about 4 standard errors (0.09)", w)
	}
}

func TestSearchEdges(t *testing.T) {
	c := curve{root: 0.37, slope: 6}
	r, err := Search(c, Options{Lo: 0, Hi: 1, Target: 0.99, Budget: 400})
	if err != nil || r.Bracketed || r.Value != 1 || len(r.Evals) != 2 {
		t.Errorf("a target out of reach: %+v, %v", r, err)
	}
	r, err = Search(c, Options{Lo: 0, Hi: 10, Target: 0.5, Budget: 1000, Step: 1})
	if err != nil || !r.Bracketed || r.Value != 0 && r.Value != 1 || math.Mod(r.Lo, 1) != 0 {
		t.Errorf("whole numbers: %+v, %v", r, err)
	}
	if _, err := Search(c, Options{Lo: 1, Hi: 0, Target: 0.5, Budget: 100}); err == nil {
		t.Errorf("an empty range was searched")
	}
	if _, err := Search(c, Options{Lo: 0, Hi: 1, Target: 0.5, Budget: 30}); err == nil {
		t.Errorf("a budget too small for the two ends was accepted")
	}
}
