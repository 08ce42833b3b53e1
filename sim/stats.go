package sim

import (
	"math"
	"sort"
	"strconv"

	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/gonum/stat/distuv"
)

// Level is the confidence of every interval in a report.
const Level = 0.95

// z is the normal quantile of a two-sided Level interval.
var z = distuv.UnitNormal.Quantile(1 - (1-Level)/2)

// Num is a number of a report: JSON writes NaN (nothing to estimate) as
// null and infinities as "+Inf" and "-Inf".
type Num float64

// MarshalJSON writes n, null or a string.
func (n Num) MarshalJSON() ([]byte, error) {
	f := float64(n)
	switch {
	case math.IsNaN(f):
		return []byte("null"), nil
	case math.IsInf(f, 1):
		return []byte(`"+Inf"`), nil
	case math.IsInf(f, -1):
		return []byte(`"-Inf"`), nil
	}
	return strconv.AppendFloat(nil, f, 'g', 6, 64), nil
}

// Interval is an estimate with its confidence interval.
type Interval struct {
	Est Num `json:"est"`
	Lo  Num `json:"lo"`
	Hi  Num `json:"hi"`
}

func iv(est, lo, hi float64) Interval { return Interval{Num(est), Num(lo), Num(hi)} }

// Half is the interval's half-width: the larger side when it is lopsided.
func (v Interval) Half() float64 { return float64(max(v.Est-v.Lo, v.Hi-v.Est)) }

// Wilson is the Wilson score interval of a proportion: k successes in n
// trials (Wilson 1927; it keeps its level near 0 and 1, where the Wald
// interval does not).
func Wilson(k, n int) Interval {
	if n == 0 {
		return iv(math.NaN(), 0, 1)
	}
	nf := float64(n)
	p := float64(k) / nf
	z2 := z * z
	den := 1 + z2/nf
	mid := (p + z2/(2*nf)) / den
	half := z / den * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf))
	return iv(p, max(0, mid-half), min(1, mid+half))
}

// Mean is the mean of xs with a Student's t interval.
func Mean(xs []float64) Interval {
	n := len(xs)
	if n == 0 {
		return iv(math.NaN(), math.NaN(), math.NaN())
	}
	m, sd := stat.MeanStdDev(xs, nil)
	if n < 2 {
		return iv(m, math.Inf(-1), math.Inf(1))
	}
	t := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(n - 1)}.Quantile(1 - (1-Level)/2)
	h := t * sd / math.Sqrt(float64(n))
	return iv(m, m-h, m+h)
}

// PairedT is the two-sided p-value of a paired t test that the mean of ds
// is 0. Identical pairs (no variance) give 1 when the mean is 0, else 0.
func PairedT(ds []float64) float64 {
	n := len(ds)
	if n < 2 {
		return 1
	}
	m, sd := stat.MeanStdDev(ds, nil)
	if sd == 0 {
		if m == 0 {
			return 1
		}
		return 0
	}
	t := m / (sd / math.Sqrt(float64(n)))
	return 2 * distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(n - 1)}.Survival(math.Abs(t))
}

// Pairs counts paired yes/no outcomes of an arm (x) against the baseline
// (y) over the same seeds: Both and Neither agree; XOnly and YOnly are
// the discordant pairs.
type Pairs struct {
	Both    int `json:"both"`
	XOnly   int `json:"arm_only"`
	YOnly   int `json:"base_only"`
	Neither int `json:"neither"`
}

// Add counts one pair.
func (p *Pairs) Add(x, y bool) {
	switch {
	case x && y:
		p.Both++
	case x:
		p.XOnly++
	case y:
		p.YOnly++
	default:
		p.Neither++
	}
}

// N is the number of pairs.
func (p Pairs) N() int { return p.Both + p.XOnly + p.YOnly + p.Neither }

// Diff is the difference of the two proportions, x minus y, with
// Newcombe's interval for paired proportions (method 10 of Newcombe 1998,
// "Improved confidence intervals for the difference between binomial
// proportions based on paired data"): the two Wilson intervals combined
// with the pairs' correlation.
func (p Pairs) Diff() Interval {
	n := p.N()
	if n == 0 {
		return iv(math.NaN(), -1, 1)
	}
	a, b, c, d := float64(p.Both), float64(p.XOnly), float64(p.YOnly), float64(p.Neither)
	x, y := Wilson(p.Both+p.XOnly, n), Wilson(p.Both+p.YOnly, n)
	phi := 0.0
	if den := (a + b) * (c + d) * (a + c) * (b + d); den > 0 {
		num := a*d - b*c
		if num > 0 {
			num = max(0, num-float64(n)/2) // Newcombe's continuity correction of φ
		}
		phi = num / math.Sqrt(den)
	}
	dl1, du1 := float64(x.Est-x.Lo), float64(x.Hi-x.Est)
	dl2, du2 := float64(y.Est-y.Lo), float64(y.Hi-y.Est)
	lo := math.Sqrt(max(0, dl1*dl1-2*phi*dl1*du2+du2*du2))
	hi := math.Sqrt(max(0, du1*du1-2*phi*du1*dl2+dl2*dl2))
	diff := float64(x.Est - y.Est)
	return iv(diff, max(-1, diff-lo), min(1, diff+hi))
}

// McNemarExactBelow is the number of discordant pairs below which
// McNemar's test is computed exactly (binomial), above it by χ² with
// continuity correction.
const McNemarExactBelow = 50

// McNemar is the two-sided p-value of McNemar's test that the discordant
// pairs split evenly, and whether it was computed exactly.
func (p Pairs) McNemar() (pv float64, exact bool) {
	b, c := p.XOnly, p.YOnly
	n := b + c
	if n == 0 {
		return 1, true
	}
	if n < McNemarExactBelow {
		k := float64(min(b, c))
		return min(1, 2*distuv.Binomial{N: float64(n), P: 0.5}.CDF(k)), true
	}
	d := math.Abs(float64(b-c)) - 1
	chi := d * d / float64(n)
	return distuv.ChiSquared{K: 1}.Survival(chi), false
}

// ascending is the indices of ps ordered by increasing value, ties in
// their order.
func ascending(ps []float64) []int {
	idx := make([]int, len(ps))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return ps[idx[a]] < ps[idx[b]] })
	return idx
}

// Holm adjusts p-values for several tests (Holm 1979): the i-th smallest
// is multiplied by m-i+1, and the adjusted values kept increasing.
func Holm(ps []float64) []float64 {
	m := len(ps)
	idx := ascending(ps)
	out := make([]float64, m)
	run := 0.0
	for r, i := range idx {
		run = max(run, min(1, float64(m-r)*ps[i]))
		out[i] = run
	}
	return out
}

// Pairing measures what common random numbers achieved for paired
// outcomes x (an arm) and y (the baseline) over the same seeds.
type Pairing struct {
	// Corr is Pearson's correlation of x and y (NaN when either is
	// constant).
	Corr Num `json:"corr"`
	// Equivalent is the number of pairs of independent games that would
	// measure the difference of the means as precisely:
	// n·(var x + var y)/var(x−y). +Inf when every pair agrees.
	Equivalent Num `json:"equivalent_games"`
}

// Pair measures the pairing of x and y (the same length).
func Pair(x, y []float64) Pairing {
	n := len(x)
	if n < 2 {
		return Pairing{Corr: Num(math.NaN()), Equivalent: Num(n)}
	}
	d := make([]float64, n)
	for i := range x {
		d[i] = x[i] - y[i]
	}
	vx, vy, vd := stat.Variance(x, nil), stat.Variance(y, nil), stat.Variance(d, nil)
	pr := Pairing{Corr: Num(math.NaN())}
	if vx > 0 && vy > 0 {
		pr.Corr = Num(stat.Correlation(x, y, nil))
	}
	switch {
	case vd > 0:
		pr.Equivalent = Num(float64(n) * (vx + vy) / vd)
	case vx+vy > 0:
		pr.Equivalent = Num(math.Inf(1))
	default:
		pr.Equivalent = Num(n) // nothing varies: pairing gains nothing
	}
	return pr
}

// BH adjusts p-values for many tests by Benjamini and Hochberg's (1995)
// false discovery rate: the i-th smallest of m is multiplied by m/i, and
// the adjusted values kept increasing from the largest down (q-values).
func BH(ps []float64) []float64 {
	m := len(ps)
	idx := ascending(ps)
	out := make([]float64, m)
	run := 1.0
	for r := m - 1; r >= 0; r-- {
		i := idx[r]
		run = min(run, ps[i]*float64(m)/float64(r+1))
		out[i] = run
	}
	return out
}
