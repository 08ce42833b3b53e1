package main

import (
	"bufio"
	"cmp"
	"context"
	"fmt"
	"math"
	"os"
	"runtime/debug"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"gpw/bot"
	"gpw/interp"
	"gpw/sim"
	"gpw/sim/engine"
	"gpw/sim/tune"
)

// tuneOptions are the flags of gpw tune.
type tuneOptions struct {
	IO       *ioStreams
	Scenario string
	Rules    string
	Param    string
	Target   string
	Range    string
	Budget   int
	Games    int
	Step     float64
	Seed     int64
	Turns    int
	Bot      string
	Setup    string
	Jobs     int
	Out      string
	Quiet    bool
	// evaluator makes the games' measure at each value (tests replace
	// it); nil: real games.
	evaluator func(o *tuneOptions, measure string) (tune.Evaluator, error)
}

func newTuneCmd(ios *ioStreams) *cobra.Command {
	o := &tuneOptions{IO: ios}
	cmd := &cobra.Command{
		Use:   "tune --scenario S --rules M --param NAME [--range LO,HI] --target axis-win=0.5",
		Short: "Find the value of a module parameter that meets a target (balances a scenario)",
		Long: `Tune searches a rules module's parameter (one it declares in R.params)
between LO and HI, by default the bounds the module declares, for the value
at which the games meet the target: axis-win=P (the Axis's win rate) or
score=S (the mean score of the verdicts). It bisects, playing the same
seeds at every value tried (common random numbers), and prints
NAME = VALUE with a 95% bootstrap interval over the seeds and the games
it played; --out writes each value tried as a JSON line (docs/sim.md).`,
		Args: cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error { return tuneRun(o) },
	}
	f := cmd.Flags()
	f.StringVar(&o.Scenario, "scenario", "", "scenario file, or the name of a built-in scenario")
	f.StringVar(&o.Rules, "rules", "gdw", "the rules module (with +NAME=VALUE for other parameters held fixed)")
	f.StringVar(&o.Param, "param", "", "the parameter to tune (one the module declares)")
	f.StringVar(&o.Target, "target", "axis-win=0.5", "what to meet: axis-win=P or score=S")
	f.StringVar(&o.Range, "range", "", "LO,HI: the values to search between (default: the bounds the module declares)")
	f.IntVar(&o.Budget, "budget", 1000, "games to play at most, over every value tried")
	f.IntVar(&o.Games, "games", 0, "games per value tried (0: a tenth of the budget, at least 20)")
	f.Float64Var(&o.Step, "step", 0, "try only multiples of this (1 for whole numbers; 0: any value)")
	f.Int64Var(&o.Seed, "seed", 1, "seed of game 0; game i has seed+i at every value")
	f.IntVar(&o.Turns, "turns", 0, "play at most this many turns, then judge as if the scenario ended (0: to the end)")
	f.StringVar(&o.Bot, "bot", bot.DefaultLevel, "computer players: LEVEL for both sides, or axis=LEVEL,soviet=LEVEL")
	f.StringVar(&o.Setup, "setup", "", "who makes the setup step: bot or auto (as gpw sim)")
	f.IntVar(&o.Jobs, "jobs", 0, "games played at once (0: one per CPU)")
	f.StringVar(&o.Out, "out", "", "write each value tried, then the result, as JSON lines to this file")
	f.BoolVarP(&o.Quiet, "quiet", "q", false, "do not print each value tried")
	return cmd
}

// parseTarget reads --target: axis-win=P or score=S.
func parseTarget(s string) (measure string, target float64, err error) {
	m, v, ok := strings.Cut(s, "=")
	x, perr := strconv.ParseFloat(v, 64)
	switch {
	case !ok || perr != nil:
		return "", 0, fmt.Errorf("--target %q: expected axis-win=P or score=S", s)
	case m == "axis-win" && (x <= 0 || x >= 1):
		return "", 0, fmt.Errorf("--target %q: a win rate between 0 and 1, both excluded", s)
	case m == "score" && (x < -3 || x > 3):
		return "", 0, fmt.Errorf("--target %q: a mean score lies between -3 and 3", s)
	case m != "axis-win" && m != "score":
		return "", 0, fmt.Errorf("--target %q: %q is not a measure (axis-win, score)", s, m)
	}
	return m, x, nil
}

// parseRange reads --range LO,HI.
func parseRange(s string) (lo, hi float64, err error) {
	a, b, ok := strings.Cut(s, ",")
	lo, err1 := strconv.ParseFloat(strings.TrimSpace(a), 64)
	hi, err2 := strconv.ParseFloat(strings.TrimSpace(b), 64)
	if !ok || err1 != nil || err2 != nil || !(lo < hi) {
		return 0, 0, fmt.Errorf("--range %q: expected LO,HI with LO < HI", s)
	}
	return lo, hi, nil
}

func tuneRun(o *tuneOptions) error {
	defer debug.SetGCPercent(debug.SetGCPercent(400)) // as gpw sim: games allocate a lot and hold little
	switch {
	case o.Scenario == "":
		return fmt.Errorf("--scenario is required")
	case o.Param == "":
		return fmt.Errorf("--param is required: the parameter to tune")
	case strings.ContainsAny(o.Param, "+="):
		return fmt.Errorf("--param %q: a parameter's name alone", o.Param)
	}
	measure, target, err := parseTarget(o.Target)
	if err != nil {
		return err
	}
	lo, hi, err := tuneRange(o)
	if err != nil {
		return err
	}
	mk := o.evaluator
	if mk == nil {
		mk = gameEvaluator
	}
	ev, err := mk(o, measure)
	if err != nil {
		return err
	}
	var w *bufio.Writer
	if o.Out != "" {
		f, err := os.Create(o.Out)
		if err != nil {
			return err
		}
		defer f.Close()
		w = bufio.NewWriter(f)
		defer w.Flush()
	}
	type evalLine struct {
		Param   string `json:"param"`
		Measure string `json:"measure"`
		tune.Eval
	}
	opts := tune.Options{Lo: lo, Hi: hi, Target: target, Budget: o.Budget, Games: o.Games, Step: o.Step, Seed: uint64(o.Seed),
		Log: func(e tune.Eval) {
			if !o.Quiet {
				fmt.Fprintf(o.IO.Err, "%s = %s: %s %.3f [%.3f, %.3f] over %d games\n", o.Param, fmtValue(e.Value), measure, e.Mean, e.Lo, e.Hi, e.Games)
			}
			if w != nil {
				sim.WriteLine(w, evalLine{o.Param, measure, e})
				w.Flush()
			}
		}}
	r, err := tune.Search(ev, opts)
	if err != nil {
		return fmt.Errorf("tune %s: %w", o.Param, err)
	}
	if w != nil {
		res := struct {
			Param    string  `json:"param"`
			Measure  string  `json:"measure"`
			Target   float64 `json:"target"`
			Scenario string  `json:"scenario"`
			Rules    string  `json:"rules"`
			Bot      string  `json:"bot"`
			Seed     int64   `json:"seed"`
			*tune.Result
		}{o.Param, measure, target, o.Scenario, o.Rules, o.Bot, o.Seed, r}
		if err := sim.WriteLine(w, res); err != nil {
			return err
		}
	}
	if !r.Bracketed {
		fmt.Fprintf(o.IO.Out, "%s = %s (the range's end: %s %g is not met between %s and %s; %d games)\n", o.Param, fmtValue(r.Value), measure, target, fmtValue(lo), fmtValue(hi), r.Games)
		return nil
	}
	fmt.Fprintf(o.IO.Out, "%s = %s [%s, %s] (95%%, bootstrap over the seeds; %d games, %d values tried)\n", o.Param, fmtValue(r.Value), fmtValue(r.Lo), fmtValue(r.Hi), r.Games, len(r.Evals))
	return nil
}

// tuneRange checks --param against the parameters the module declares
// (R.params) and gives the range to search: --range, within the
// declared bounds, or else the declared bounds themselves.
func tuneRange(o *tuneOptions) (lo, hi float64, err error) {
	name, params, err := sim.ParseArm(o.Rules)
	if err != nil {
		return 0, 0, err
	}
	if _, ok := params[o.Param]; ok {
		return 0, 0, fmt.Errorf("--rules %s already sets %s, the parameter to tune", o.Rules, o.Param)
	}
	m, err := interp.Compile(cmp.Or(name, "gdw"), rulesFS(), "", nil)
	if err != nil {
		return 0, 0, fmt.Errorf("--rules %s: %w", o.Rules, err)
	}
	p, ok := m.Param(o.Param)
	if !ok {
		// the module's own refusal, with its did-you-mean and its list
		_, err := m.ResolveParams(map[string]string{o.Param: ""})
		return 0, 0, fmt.Errorf("--param: %w", err)
	}
	if p.Choices != nil {
		return 0, 0, fmt.Errorf("--param %s takes words (%s), not numbers: compare them with gpw sim --rules %s --rules %s+%s=%s", o.Param, p.Range(), o.Rules, o.Rules, o.Param, p.Choices[len(p.Choices)-1])
	}
	if o.Range == "" {
		if math.IsInf(p.Min, 0) || math.IsInf(p.Max, 0) {
			return 0, 0, fmt.Errorf("--param %s declares no bounds (%s): give --range LO,HI", o.Param, p.Range())
		}
		if !(p.Min < p.Max) {
			return 0, 0, fmt.Errorf("--param %s takes one value (%s): nothing to tune", o.Param, p.Range())
		}
		return p.Min, p.Max, nil
	}
	lo, hi, err = parseRange(o.Range)
	if err != nil {
		return 0, 0, err
	}
	if lo < p.Min || hi > p.Max {
		return 0, 0, fmt.Errorf("--range %s: %s takes %s (%s)", o.Range, o.Param, p.Range(), p.Cite)
	}
	return lo, hi, nil
}

func fmtValue(x float64) string { return strconv.FormatFloat(x, 'g', 4, 64) }

// gameEvaluator plays real games: at value x, the arm
// RULES+PARAM=x, seeds SEED..SEED+n-1 (the same at every x).
func gameEvaluator(o *tuneOptions, measure string) (tune.Evaluator, error) {
	players, err := simPlayers(o.Bot)
	if err != nil {
		return nil, err
	}
	// the module and the scenario are checked once, before any game
	if _, err := simEngine(o.Scenario, []string{o.Rules}, []engine.Players{players}, o.Setup, o.Turns, nil); err != nil {
		return nil, err
	}
	return tune.EvalFunc(func(x float64, n int) ([]float64, error) {
		arm := o.Rules + "+" + o.Param + "=" + strconv.FormatFloat(x, 'g', -1, 64)
		e, err := simEngine(o.Scenario, []string{arm}, []engine.Players{players}, o.Setup, o.Turns, nil)
		if err != nil {
			return nil, err
		}
		h := e.Header()
		h.Games, h.Seed = n, o.Seed
		out := make([]float64, 0, n)
		_, err = sim.Run(context.Background(), &h, e, sim.Options{Jobs: o.Jobs, Fatal: sim.Overloaded}, func(r *sim.Record) error {
			if r.Failed() {
				return fmt.Errorf("game %d failed: %s (replay: %s)", r.Game, r.Error, r.Replay)
			}
			switch measure {
			case "axis-win":
				out = append(out, map[bool]float64{true: 1}[r.Winner == "axis"])
			case "score":
				out = append(out, float64(r.Score))
			}
			return nil
		})
		return out, err
	}), nil
}
