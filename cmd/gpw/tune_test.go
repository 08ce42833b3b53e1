package main

import (
	"bufio"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gpw/sim/tune"
)

// TestTuneRun searches a synthetic response (the Axis wins game i at
// value x when the seed's draw i/n falls below a logistic curve whose
// root is 1.3) and reads the printed value and the JSON lines.
func TestTuneRun(t *testing.T) {
	out := filepath.Join(t.TempDir(), "tune.jsonl")
	ios, stdout := testIO("")
	o := &tuneOptions{IO: ios, Scenario: "gdw/barbarossa", Rules: "gdw", Param: "soviet_replacements", Target: "axis-win=0.5", Range: "0,4",
		Budget: 1000, Seed: 1, Out: out, Quiet: true,
		evaluator: func(o *tuneOptions, measure string) (tune.Evaluator, error) {
			return tune.EvalFunc(func(x float64, n int) ([]float64, error) {
				p := 1 / (1 + math.Exp(-3*(x-1.3)))
				res := make([]float64, n)
				for i := range res {
					if (float64(i)+0.5)/float64(n) < p {
						res[i] = 1
					}
				}
				return res, nil
			}), nil
		}}
	if err := tuneRun(o); err != nil {
		t.Fatal(err)
	}
	got := stdout.String()
	if !strings.HasPrefix(got, "soviet_replacements = 1.") || !strings.Contains(got, "1000 games, 10 values tried") {
		t.Errorf("printed %q", got)
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	lines := 0
	var last map[string]any
	for sc.Scan() {
		lines++
		last = nil
		if err := json.Unmarshal(sc.Bytes(), &last); err != nil {
			t.Fatal(err)
		}
	}
	if lines != 11 || last["param"] != "soviet_replacements" || last["bracketed"] != true || math.Abs(last["value"].(float64)-1.3) > 0.05 {
		t.Errorf("%d lines, the last %v", lines, last)
	}
}

func TestTuneRefuses(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--param", "x", "--range", "0,1"}, "--scenario is required"},
		{[]string{"--scenario", "gdw/barbarossa", "--range", "0,1"}, "--param is required"},
		{[]string{"--scenario", "gdw/barbarossa", "--param", "soviet_replacement"}, `"soviet_replacement" is not a parameter of the rules gdw (did you mean soviet_replacements?)`},
		{[]string{"--scenario", "gdw/barbarossa", "--param", "below_lowest_column"}, "takes words (floor|no-attack)"},
		{[]string{"--scenario", "gdw/barbarossa", "--param", "soviet_replacements", "--range", "0,20"}, "soviet_replacements takes 0..10"},
		{[]string{"--scenario", "gdw/barbarossa", "--param", "soviet_replacements", "--range", "1,0"}, "LO < HI"},
		{[]string{"--scenario", "gdw/barbarossa", "--param", "soviet_replacements", "--target", "axis-win=1.5"}, "between 0 and 1"},
		{[]string{"--scenario", "gdw/barbarossa", "--param", "soviet_replacements", "--target", "moscow=1"}, "not a measure"},
		{[]string{"--scenario", "gdw/barbarossa", "--param", "x", "--rules", "gdw+x=2"}, "already sets x"},
		{[]string{"--scenario", "gdw/barbarossa", "--param", "soviet_replacements", "--budget", "10"}, "cannot try the range's two ends"},
	} {
		_, err := simArgs(t, nil, append([]string{"tune", "-q"}, c.args...)...)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: err = %v, want %q", c.args, err, c.want)
		}
	}
}

// TestTuneRange: without --range, tune searches the bounds the module
// declares (R.params: soviet_replacements takes 0..10).
func TestTuneRange(t *testing.T) {
	for _, c := range []struct {
		rng    string
		lo, hi float64
	}{{"", 0, 10}, {"0.5,2", 0.5, 2}} {
		lo, hi, err := tuneRange(&tuneOptions{Rules: "gdw+axis_replacements=2", Param: "soviet_replacements", Range: c.rng})
		if err != nil || lo != c.lo || hi != c.hi {
			t.Errorf("--range %q: %v..%v, %v; want %v..%v", c.rng, lo, hi, err, c.lo, c.hi)
		}
	}
}

// TestTuneGames runs tune on real games, one turn each: the Axis wins
// none at either end of the range, so the target is not met and tune
// says so after the two ends.
func TestTuneGames(t *testing.T) {
	out := filepath.Join(t.TempDir(), "tune.jsonl")
	got, err := simArgs(t, nil, "tune", "--scenario", "gdw/barbarossa", "--rules", "gdw", "--param", "soviet_replacements", "--range", "0,2",
		"--budget", "40", "--games", "20", "--turns", "1", "--setup", "auto", "--bot", "random", "--out", out, "-q")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(got, "soviet_replacements = 0 (the range's end: axis-win 0.5 is not met between 0 and 2; 40 games)") {
		t.Errorf("printed %q", got)
	}
	b, _ := os.ReadFile(out)
	if n := strings.Count(string(b), "\n"); n != 3 {
		t.Errorf("%d JSON lines, want the two ends and the result:\n%s", n, b)
	}
}
