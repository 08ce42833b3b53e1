package sim

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Tally keeps running sums of the games passed on so far, so that a stop
// rule is judged in constant time after each seed index.
type Tally struct {
	n        int
	axisWins []int
	score    []moments
	wins     []Pairs   // arm against the baseline: Axis wins
	diff     []moments // arm minus baseline: Axis win (1/0) difference
	row      []*Record // the current seed index, by arm
	base     []int     // each arm's baseline (Baselines)
}

// moments are a running count, sum and sum of squares.
type moments struct{ n, s, ss float64 }

func (m *moments) add(x float64) { m.n++; m.s += x; m.ss += x * x }

func (m moments) mean() float64 { return m.s / m.n }

// variance is the sample variance.
func (m moments) variance() float64 {
	if m.n < 2 {
		return math.NaN()
	}
	return max(0, (m.ss-m.s*m.s/m.n)/(m.n-1))
}

// half is the half-width of the mean's normal interval.
func (m moments) half() float64 { return z * math.Sqrt(m.variance()/m.n) }

// NewTally keeps sums for arms arms, each compared with arm 0.
func NewTally(arms int) *Tally {
	return NewTallyFor(make([]int, arms))
}

// NewTallyFor keeps sums for arms compared with the baselines given
// (Baselines: with several players, each rules arm against the first
// under the same players).
func NewTallyFor(base []int) *Tally {
	arms := len(base)
	return &Tally{axisWins: make([]int, arms), score: make([]moments, arms), wins: make([]Pairs, arms),
		diff: make([]moments, arms), row: make([]*Record, arms), base: base}
}

// Add counts a record; records come in the order (game, arm).
func (t *Tally) Add(r *Record) {
	t.row[r.Arm] = r
	if r.Winner == "axis" {
		t.axisWins[r.Arm]++
	}
	t.score[r.Arm].add(float64(r.Score))
	if r.Arm != len(t.row)-1 {
		return
	}
	t.n++
	for a := 1; a < len(t.row); a++ {
		x, y := t.row[a].Winner == "axis", t.row[t.base[a]].Winner == "axis"
		t.wins[a].Add(x, y)
		t.diff[a].add(b2f(x) - b2f(y))
	}
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// MinGames is the number of seed indices played before a stop rule is
// judged: fewer give variances too rough to trust.
const MinGames = 20

// Stop is a rule for stopping an experiment early (--until).
type Stop struct {
	// What is measured: "win" (each arm's Axis win rate), "diff" (each
	// arm's paired difference in Axis win rate from the baseline),
	// "score" (each arm's mean score) or "sprt".
	What string
	Half float64 // stop when every interval's half-width is at most this
	// SPRT: H0 says each arm changes the Axis win rate by D0, H1 by D1;
	// stop when every arm's log-likelihood ratio has left
	// (ln(β/(1−α)), ln((1−β)/α)).
	D0, D1, Alpha, Beta float64
	text                string
}

// String is the rule as given.
func (s *Stop) String() string { return s.text }

// ParseStop reads --until: "win+-H", "diff+-H", "score+-H" (± may stand
// for +-), or "sprt:D0,D1[,ALPHA[,BETA]]" (α and β 0.05 by default).
func ParseStop(s string) (*Stop, error) {
	bad := func(why string) error {
		return fmt.Errorf("--until %q: %s (expected win+-H, diff+-H, score+-H or sprt:D0,D1[,ALPHA,BETA])", s, why)
	}
	if rest, ok := strings.CutPrefix(s, "sprt:"); ok {
		f := strings.Split(rest, ",")
		if len(f) < 2 || len(f) > 4 {
			return nil, bad("sprt takes 2 to 4 numbers")
		}
		v := []float64{0, 0, 0.05, 0.05}
		for i, p := range f {
			x, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
			if err != nil {
				return nil, bad(fmt.Sprintf("%q is not a number", p))
			}
			v[i] = x
		}
		st := &Stop{What: "sprt", D0: v[0], D1: v[1], Alpha: v[2], Beta: v[3], text: s}
		switch {
		case st.D0 == st.D1 || math.Abs(st.D0) >= 1 || math.Abs(st.D1) >= 1:
			return nil, bad("D0 and D1 must differ and lie between -1 and 1")
		case st.Alpha <= 0 || st.Alpha >= 0.5 || st.Beta <= 0 || st.Beta >= 0.5:
			return nil, bad("α and β must lie between 0 and 0.5")
		}
		return st, nil
	}
	s2 := strings.ReplaceAll(s, "±", "+-")
	what, h, ok := strings.Cut(s2, "+-")
	if !ok {
		return nil, bad("no +-")
	}
	half, err := strconv.ParseFloat(h, 64)
	if err != nil || half <= 0 {
		return nil, bad("the half-width must be a positive number")
	}
	switch what {
	case "win", "diff", "score":
	default:
		return nil, bad(fmt.Sprintf("unknown measure %q", what))
	}
	return &Stop{What: what, Half: half, text: s}, nil
}

// Met reports whether the rule is met by the games tallied.
func (s *Stop) Met(t *Tally) bool {
	if t.n < MinGames {
		return false
	}
	arms := len(t.row)
	for a := 0; a < arms; a++ {
		switch s.What {
		case "win":
			if Wilson(t.axisWins[a], t.n).Half() > s.Half {
				return false
			}
		case "score":
			if !(t.score[a].half() <= s.Half) {
				return false
			}
		case "diff":
			if a > 0 && t.wins[a].Diff().Half() > s.Half {
				return false
			}
		case "sprt":
			if a > 0 && s.Decide(t.diff[a]) == 0 {
				return false
			}
		}
	}
	return s.What != "diff" && s.What != "sprt" || arms > 1
}

// LLR is the log-likelihood ratio of H1 against H0 for paired
// differences with running moments m, by the normal approximation of the
// generalized SPRT that fishtest uses: n(D1−D0)(2·mean−D0−D1)/(2·var).
func (s *Stop) LLR(m moments) float64 {
	v := m.variance()
	if !(v > 0) {
		v = 1 / m.n // every pair alike so far: as if one pair in n differed
	}
	return m.n * (s.D1 - s.D0) * (2*m.mean() - s.D0 - s.D1) / (2 * v)
}

// Decide is 1 when the SPRT accepts H1, -1 when it accepts H0, 0 while
// it goes on.
func (s *Stop) Decide(m moments) int {
	llr := s.LLR(m)
	switch {
	case llr >= math.Log((1-s.Beta)/s.Alpha):
		return 1
	case llr <= math.Log(s.Beta/(1-s.Alpha)):
		return -1
	}
	return 0
}
