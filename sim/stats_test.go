package sim

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"testing"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

func TestWilson(t *testing.T) {
	for _, c := range []struct {
		k, n   int
		lo, hi float64
	}{
		// Newcombe 1998 (unpaired), Table I: 81/263 -> 0.2553-0.3662;
		// 15/148 -> 0.0624-0.1605; 0/20 -> 0-0.1611; 1/29 -> 0.0061-0.1718.
		{81, 263, 0.2553, 0.3662},
		{15, 148, 0.0624, 0.1605},
		{0, 20, 0, 0.1611},
		{1, 29, 0.0061, 0.1718},
	} {
		v := Wilson(c.k, c.n)
		if !near(float64(v.Lo), c.lo, 5e-5) || !near(float64(v.Hi), c.hi, 5e-5) {
			t.Errorf("Wilson(%d, %d) = [%.4f, %.4f], want [%.4f, %.4f]", c.k, c.n, v.Lo, v.Hi, c.lo, c.hi)
		}
	}
}

func TestPairsDiff(t *testing.T) {
	// Newcombe 1998 (paired), the examples of its Table II: (a, b, c, d)
	// and the method 10 interval of the difference in proportions.
	for _, c := range []struct {
		p      Pairs
		lo, hi float64
	}{
		{Pairs{Both: 36, XOnly: 12, YOnly: 2, Neither: 0}, 0.0569, 0.3404},
		{Pairs{Both: 18, XOnly: 12, YOnly: 2, Neither: 18}, 0.0562, 0.3290},
		{Pairs{Both: 53, XOnly: 0, YOnly: 0, Neither: 1}, -0.0729, 0.0729},
		{Pairs{Both: 0, XOnly: 30, YOnly: 0, Neither: 0}, 0.8395, 1},
	} {
		v := c.p.Diff()
		if !near(float64(v.Lo), c.lo, 1e-4) || !near(float64(v.Hi), c.hi, 1e-4) {
			t.Errorf("%+v: [%.4f, %.4f], want [%.4f, %.4f]", c.p, v.Lo, v.Hi, c.lo, c.hi)
		}
	}
}

func TestMcNemar(t *testing.T) {
	p, exact := Pairs{XOnly: 1, YOnly: 9}.McNemar()
	if want := 2 * 11.0 / 1024; !exact || !near(p, want, 1e-12) {
		t.Errorf("exact McNemar 1 against 9: %g (exact %v), want %g", p, exact, want)
	}
	// χ² with continuity correction: (|60-30|-1)² / 90 = 9.344..., p = 0.002237
	p, exact = Pairs{XOnly: 60, YOnly: 30}.McNemar()
	if exact || !near(p, 0.002237, 5e-6) {
		t.Errorf("χ² McNemar 60 against 30: %g (exact %v), want 0.002237", p, exact)
	}
	if p, _ := (Pairs{Both: 5, Neither: 5}).McNemar(); p != 1 {
		t.Errorf("no discordant pairs: p = %g, want 1", p)
	}
}

func TestHolm(t *testing.T) {
	got := Holm([]float64{0.01, 0.04, 0.03})
	want := []float64{0.03, 0.06, 0.06}
	for i := range want {
		if !near(got[i], want[i], 1e-12) {
			t.Errorf("Holm = %v, want %v", got, want)
		}
	}
}

func TestMean(t *testing.T) {
	v := Mean([]float64{1, 2, 3, 4})
	// t(0.975, 3) = 3.182446, sd = 1.290994
	if h := 3.182446 * 1.290994 / 2; !near(float64(v.Est), 2.5, 1e-12) || !near(float64(v.Lo), 2.5-h, 1e-5) || !near(float64(v.Hi), 2.5+h, 1e-5) {
		t.Errorf("Mean = %+v", v)
	}
	if p := PairedT([]float64{1, 1, 1}); p != 0 {
		t.Errorf("PairedT of a constant nonzero difference = %g, want 0", p)
	}
}

func TestPair(t *testing.T) {
	x := []float64{1, 0, 1, 1, 0, 0, 1, 0}
	if pr := Pair(x, x); !math.IsInf(float64(pr.Equivalent), 1) || pr.Corr != 1 {
		t.Errorf("identical outcomes: %+v", pr)
	}
	// independent outcomes: worth about as many games as were played
	r := rand.New(rand.NewPCG(1, 2))
	a, b := make([]float64, 4000), make([]float64, 4000)
	for i := range a {
		a[i], b[i] = r.NormFloat64(), r.NormFloat64()
	}
	if pr := Pair(a, b); !near(float64(pr.Equivalent), 4000, 250) || !near(float64(pr.Corr), 0, 0.05) {
		t.Errorf("independent outcomes: %+v, want about 4000 games and no correlation", pr)
	}
}

func TestNumJSON(t *testing.T) {
	b, err := json.Marshal([]Num{1.5, Num(math.NaN()), Num(math.Inf(1))})
	if err != nil || string(b) != `[1.5,null,"+Inf"]` {
		t.Errorf("got %s, %v", b, err)
	}
}

func TestBH(t *testing.T) {
	// Benjamini and Hochberg's own example (1995, section 3.2), the four
	// smallest of 15 p-values: 0.0001, 0.0004, 0.0019, 0.0095 → q 0.0015,
	// 0.003, 0.0095, 0.035625; R's p.adjust(method = "BH") agrees.
	ps := []float64{0.0001, 0.0004, 0.0019, 0.0095, 0.0201, 0.0278, 0.0298, 0.0344, 0.0459, 0.3240, 0.4262, 0.5719, 0.6528, 0.7590, 1.000}
	q := BH(ps)
	want := []float64{0.0015, 0.003, 0.0095, 0.035625, 0.0603, 0.063857143, 0.063857143, 0.0645, 0.0765, 0.486, 0.581181818, 0.714875, 0.753230769, 0.813214286, 1}
	for i := range q {
		if math.Abs(q[i]-want[i]) > 1e-6 {
			t.Errorf("q[%d] = %g, want %g", i, q[i], want[i])
		}
	}
}
