package bot

import (
	"math"
	"strings"
	"testing"

	"gpw"
	"gpw/scenario"
)

func TestPairedP(t *testing.T) {
	for _, c := range []struct {
		xs       []float64
		mean     float64
		lo, high float64
	}{
		{[]float64{0.5, 0.5, 0.5}, 0.5, 1, 1},
		{[]float64{1, 1, 1}, 0.5, 0, 0},
		{[]float64{0, 1, 0, 1, 0, 1, 0, 1}, 0.5, 1, 1},
		// mean 0.75, sd 0.267, n 8: z 2.65
		{[]float64{1, 1, 0.5, 0.5, 1, 1, 0.5, 0.5}, 0.5, 0.007, 0.009},
		{[]float64{1, -1, 1, 0, 1, 0, 1, 1}, 0, 0.03, 0.09},
	} {
		if p := pairedP(c.xs, c.mean); p < c.lo || p > c.high || math.IsNaN(p) {
			t.Errorf("pairedP(%v, %v) = %.4f, want %v..%v", c.xs, c.mean, p, c.lo, c.high)
		}
	}
}

// TestPlayLadder: the easy bot against the normal one on two seeds: the
// step's score is the mean of its sides', the lower level against
// itself is the baseline each side is compared with, and the table
// prints both parts.
func TestPlayLadder(t *testing.T) {
	if testing.Short() {
		t.Skip("whole games")
	}
	sc, err := scenario.Load(gpw.Data, "scenarios/gdw/barbarossa.toml", gpw.Data)
	if err != nil {
		t.Fatal(err)
	}
	l, err := PlayLadder(LadderOptions{Scenario: sc, Rules: "gdw", Levels: []string{"easy", "normal"}, Seeds: 2, Builtin: gpw.Data})
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Errors) > 0 || len(l.Steps) != 1 {
		t.Fatalf("errors %v, %d steps", l.Errors, len(l.Steps))
	}
	s := l.Steps[0]
	if s.Pairs != 2 || s.Score != (s.AsAxis+s.AsSoviet)/2 {
		t.Errorf("step %+v: want 2 pairs, the score the sides' mean", s)
	}
	if want := s.AsAxis > s.BaseAxis && s.AsSoviet > 1-s.BaseAxis; s.BothSides() != want {
		t.Errorf("step %+v: BothSides %v", s, s.BothSides())
	}
	out := l.String()
	for _, w := range []string{"normal v easy", "as axis (lower)", "both sides"} {
		if !strings.Contains(out, w) {
			t.Errorf("the table lacks %q:\n%s", w, out)
		}
	}
	t.Log("\n" + out)
}

// TestLadderFirst: --first moves the seeds: the lower level against
// itself scores, on seeds 3 and 4, what those seeds' games give.
func TestLadderFirst(t *testing.T) {
	if testing.Short() {
		t.Skip("whole games")
	}
	sc, err := scenario.Load(gpw.Data, "scenarios/gdw/barbarossa.toml", gpw.Data)
	if err != nil {
		t.Fatal(err)
	}
	o := LadderOptions{Scenario: sc, Rules: "gdw", Levels: []string{"easy", "normal"}, Seeds: 2, First: 3, Builtin: gpw.Data}
	l, err := PlayLadder(o)
	if err != nil {
		t.Fatal(err)
	}
	var want float64
	for _, seed := range []int{3, 4} {
		x, err := ladderGame(o, seed, [2]string{"easy", "easy"})
		if err != nil {
			t.Fatal(err)
		}
		want += x / 2
	}
	if got := l.Steps[0].BaseAxis; got != want {
		t.Errorf("easy against itself on seeds 3-4: %v, want %v", got, want)
	}
}
