package main

import (
	"bufio"
	"cmp"
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
	"golang.org/x/term"

	"gpw/bot"
	"gpw/game"
	"gpw/scenario"
	"gpw/sim"
	"gpw/sim/engine"
)

// simOptions are the flags of gpw sim.
type simOptions struct {
	IO       *ioStreams
	Scenario string
	Rules    []string
	Games    int
	Seed     int64
	Turns    int
	Bot      []string
	Setup    string
	Resume   string
	Jobs     int
	Out      string
	Until    string
	Shard    string
	Shards   int
	Cities   []string
	PNG      string
	JSON     bool
	Quiet    bool
	Getenv   func(string) string
}

func newSimCmd(ios *ioStreams) *cobra.Command {
	o := &simOptions{IO: ios, Getenv: func(k string) string { return simGetenv(k) }}
	cmd := &cobra.Command{
		Use:   "sim --scenario S --rules A --rules B [...]",
		Short: "Measure what house rules change: the same games under each rules module, with confidence intervals",
		Long: `Sim plays the same games (game i of every arm has seed SEED+i) under
each --rules given (an arm: gdw, adc2 or a module file, with +NAME=VALUE
for the module's parameters; the first is the baseline), under each
--bot given, on every core, and reports each arm's results and each arm
against its baseline game for game, with 95% intervals (docs/sim.md).
Each game's record holds the engine's verdict and the gpw run line that
replays it; a game whose module fails is recorded and the run goes on;
--resume continues a run cut short. The results file (--out) does not
depend on --jobs.`,
		Args: cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error { return simRun(o) },
	}
	f := cmd.Flags()
	f.StringVar(&o.Scenario, "scenario", "", "scenario file, or the name of a built-in scenario")
	f.StringArrayVar(&o.Rules, "rules", nil, "an arm: gdw, adc2 or a .lua module, with +NAME=VALUE for each module parameter set (repeat; the first is the baseline)")
	f.IntVar(&o.Games, "games", 100, "games per arm (seed indices)")
	f.Int64Var(&o.Seed, "seed", 1, "seed of game 0; game i has seed+i under every arm")
	f.IntVar(&o.Turns, "turns", 0, "play at most this many turns, then judge as if the scenario ended (0: to the end)")
	f.StringArrayVar(&o.Bot, "bot", []string{bot.DefaultLevel}, "computer players: LEVEL for both sides, or axis=LEVEL,soviet=LEVEL; defaults: the engine's own play, no attacks (repeat: every rules arm under each)")
	f.StringVar(&o.Setup, "setup", "", "who makes the setup step: bot (the players, as gpw run --bot) or auto (the documented rule); default bot, auto with --bot defaults")
	f.StringVar(&o.Resume, "resume", "", "continue this results file of a run cut short (the same flags): the file ends as one whole run writes it")
	f.IntVar(&o.Jobs, "jobs", runtime.NumCPU(), "games played at once")
	f.StringVar(&o.Out, "out", "", "write one JSON line per game to this file (after a header line)")
	f.StringVar(&o.Until, "until", "", "stop early: win+-H, diff+-H, score+-H (interval half-width) or sprt:D0,D1[,ALPHA,BETA]")
	f.StringVar(&o.Shard, "shard", "", "play only shard k/n (seed indices k, k+n, ...), or env (Slurm or Kubernetes)")
	f.IntVar(&o.Shards, "shards", 0, "with --shard env on Kubernetes: the number of shards (else GPW_SHARDS)")
	f.StringSliceVar(&o.Cities, "cities", nil, "key cities to follow turn by turn besides the victory cities")
	f.StringVar(&o.PNG, "png", "", "write heat maps and charts into this directory")
	f.BoolVar(&o.JSON, "json", false, "print the report as JSON")
	f.BoolVarP(&o.Quiet, "quiet", "q", false, "no progress bar")
	cmd.AddCommand(newSimReportCmd(&simReportOptions{IO: ios}), newSimMergeCmd(&simMergeOptions{IO: ios}))
	return cmd
}

// simGetenv reads the environment for --shard env (tests replace it).
var simGetenv = os.Getenv

// simPlayers makes the computer players that --bot names: a level
// (package bot) for both sides or one per side, or "defaults" for the
// engine's own play.
func simPlayers(spec string) (engine.Players, error) {
	sides := map[string]string{}
	for _, part := range strings.Split(spec, ",") {
		side, level, ok := strings.Cut(part, "=")
		if !ok {
			sides["axis"], sides["soviet"] = part, part
			continue
		}
		if side != "axis" && side != "soviet" {
			return engine.Players{}, fmt.Errorf("--bot %s: %q is not a side (axis, soviet)", spec, side)
		}
		sides[side] = level
	}
	axis, soviet := sides["axis"], sides["soviet"]
	switch {
	case axis == "defaults" && soviet == "defaults":
		return engine.Defaults, nil
	case axis == "defaults" || soviet == "defaults":
		return engine.Players{}, fmt.Errorf("--bot %s: defaults plays both sides or neither", spec)
	}
	p, err := engine.Bots(axis, soviet)
	if err != nil {
		return engine.Players{}, fmt.Errorf("--bot %s: %v", spec, err)
	}
	return p, nil
}

func simRun(o *simOptions) error {
	// Games allocate a lot and hold little: a collector that runs a quarter
	// as often leaves more of the cores to the games (memory is cheap here).
	defer debug.SetGCPercent(debug.SetGCPercent(400))
	if o.Scenario == "" {
		return fmt.Errorf("--scenario is required")
	}
	if len(o.Rules) == 0 {
		return fmt.Errorf("give --rules at least once (the first is the baseline)")
	}
	if o.Games < 1 {
		return fmt.Errorf("--games %d: at least 1", o.Games)
	}
	if o.Turns < 0 {
		return fmt.Errorf("--turns %d: 0 (to the end) or more", o.Turns)
	}
	shard, err := sim.ParseShard(o.Shard, o.Getenv, o.Shards)
	if err != nil {
		return err
	}
	var stop *sim.Stop
	if o.Until != "" {
		if stop, err = sim.ParseStop(o.Until); err != nil {
			return err
		}
		if shard != nil {
			return fmt.Errorf("--until with --shard: a sequential stop needs every game in one run")
		}
		if (stop.What == "diff" || stop.What == "sprt") && len(o.Rules) < 2 {
			return fmt.Errorf("--until %s compares arms with the baseline: give --rules twice or more", o.Until)
		}
	}
	var players []engine.Players
	for _, b := range o.Bot {
		p, err := simPlayers(b)
		if err != nil {
			return err
		}
		players = append(players, p)
	}
	e, err := simEngine(o.Scenario, o.Rules, players, o.Setup, o.Turns, o.Cities)
	if err != nil {
		return err
	}
	h := e.Header()
	h.Games, h.Seed, h.Shard, h.Until = o.Games, o.Seed, shard, o.Until
	if len(h.Indices()) == 0 {
		fmt.Fprintf(o.IO.Err, "shard %s plays no game: --games %d has no seed index %d+%d·i\n", shard, o.Games, shard.K, shard.N)
	}

	var done []*sim.Record
	var w *bufio.Writer
	if o.Resume != "" {
		if o.Out != "" && o.Out != o.Resume {
			return fmt.Errorf("--resume %s writes its games to %s: drop --out %s", o.Resume, o.Resume, o.Out)
		}
		f, recs, err := sim.Resume(o.Resume, &h)
		if err != nil {
			return err
		}
		defer f.Close()
		done = recs
		w = bufio.NewWriter(f)
		defer w.Flush()
		if !o.Quiet {
			fmt.Fprintf(o.IO.Err, "resuming %s after %d games\n", o.Resume, len(done))
		}
	} else if o.Out != "" {
		f, err := os.Create(o.Out)
		if err != nil {
			return err
		}
		defer f.Close()
		w = bufio.NewWriter(f)
		defer w.Flush()
		if err := sim.WriteLine(w, &h); err != nil {
			return err
		}
	}
	recs := slices.Clone(done)
	out := func(r *sim.Record) error {
		recs = append(recs, r)
		if w == nil {
			return nil
		}
		if err := sim.WriteLine(w, r); err != nil {
			return err
		}
		return w.Flush() // a run cut short keeps every game finished
	}
	ctx, cancel := signal.NotifyContext(context.Background(), os.Interrupt)
	defer cancel()
	opts := sim.Options{Jobs: o.Jobs, Stop: stop, Done: done, Fatal: sim.Overloaded}
	if bar := progress(o.IO.Err, o.Quiet, len(h.Indices())*len(h.Arms)); bar != nil {
		opts.Progress = func(done, _ int) { bar.Set(done) }
		defer bar.Finish()
	}
	start := time.Now()
	played, err := sim.Run(ctx, &h, e, opts, out)
	interrupted := err != nil && ctx.Err() != nil
	if err != nil && !interrupted {
		if file := cmp.Or(o.Resume, o.Out); sim.Overloaded(err) && file != "" {
			return fmt.Errorf("%w\nthe %s finished are in %s: run the same command with --resume %s when the machine is quieter", err, sim.Plural(len(recs), "game"), file, file)
		}
		return err
	}
	if !o.Quiet || interrupted {
		fmt.Fprintf(o.IO.Err, "%s (%s × %s) in %.1fs\n", sim.Plural(len(recs), "game"), sim.Plural(played, "seed index", "seed indices"), sim.Plural(len(h.Arms), "arm"), time.Since(start).Seconds())
	}
	if err := simReport(o.IO, &h, recs, o.JSON, o.PNG); err != nil {
		return err
	}
	if interrupted {
		return fmt.Errorf("interrupted: the report covers the %d games finished", len(recs))
	}
	return nil
}

// simEngine checks the arms (MODULE[+NAME=VALUE...]) and players and
// makes the engine that plays them.
func simEngine(scenarioName string, rules []string, players []engine.Players, setup string, turns int, cities []string) (*engine.Engine, error) {
	for _, spec := range rules { // each arm's module compiles before the scenario is read for them
		r, _, err := sim.ParseArm(spec)
		if err != nil {
			return nil, err
		}
		if _, err := game.RulesKinds(r, rulesFS()); err != nil {
			return nil, fmt.Errorf("--rules %s: %w", spec, err)
		}
	}
	first, _, _ := sim.ParseArm(rules[0])
	sc, err := loadScenario(scenarioName, first)
	if err != nil {
		return nil, err
	}
	load := func(rules string) (*scenario.Scenario, error) { return loadScenario(scenarioName, rules) }
	return engine.New(engine.Config{Scenario: sc, Load: load, Name: scenarioName, Builtin: rulesFS(), Arms: rules, Turns: turns, Cities: cities, Players: players, Setup: setup})
}

// progress is a progress bar with an ETA on w when w is a terminal.
func progress(w io.Writer, quiet bool, total int) *progressbar.ProgressBar {
	f, ok := w.(*os.File)
	if quiet || !ok || !term.IsTerminal(int(f.Fd())) {
		return nil
	}
	return progressbar.NewOptions(total, progressbar.OptionSetWriter(f), progressbar.OptionSetDescription("games"),
		progressbar.OptionShowCount(), progressbar.OptionSetPredictTime(true), progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionClearOnFinish())
}

// simReport prints the report of an experiment and draws its pictures.
func simReport(ios *ioStreams, h *sim.Header, recs []*sim.Record, asJSON bool, pngDir string) error {
	rep := sim.Summarize(h, recs)
	if pngDir != "" {
		files, err := simPictures(pngDir, h, recs, rep)
		if err != nil {
			return err
		}
		for _, f := range files {
			fmt.Fprintln(ios.Err, "wrote", f)
		}
	}
	if asJSON {
		return jsonIndented(ios.Out, rep, " ")
	}
	return rep.WriteText(ios.Out)
}

// simReportOptions are the flags of gpw sim report.
type simReportOptions struct {
	IO    *ioStreams
	Files []string
	JSON  bool
	PNG   string
}

func newSimReportCmd(o *simReportOptions) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "report RESULTS.jsonl...",
		Short: "Print the report of a results file (several: the shards of one experiment, merged)",
		Args:  cobra.MinimumNArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			o.Files = args
			return simReportRun(o)
		},
	}
	cmd.Flags().BoolVar(&o.JSON, "json", false, "print the report as JSON")
	cmd.Flags().StringVar(&o.PNG, "png", "", "write heat maps and charts into this directory")
	return cmd
}

func simReportRun(o *simReportOptions) error {
	f, err := readResults(o.Files)
	if err != nil {
		return err
	}
	return simReport(o.IO, f.Header, f.Records, o.JSON, o.PNG)
}

// readResults reads one results file, or merges several.
func readResults(names []string) (*sim.File, error) {
	files, err := readFiles(names)
	if err != nil {
		return nil, err
	}
	if len(files) == 1 {
		return files[0], nil
	}
	return sim.Merge(files)
}

func readFiles(names []string) ([]*sim.File, error) {
	var files []*sim.File
	for _, n := range names {
		r, err := os.Open(n)
		if err != nil {
			return nil, err
		}
		f, err := sim.Read(r, n)
		r.Close()
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	return files, nil
}

// simMergeOptions are the flags of gpw sim merge.
type simMergeOptions struct {
	IO     *ioStreams
	Files  []string
	Output string
}

func newSimMergeCmd(o *simMergeOptions) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "merge SHARD.jsonl... [-o OUT.jsonl]",
		Short: "Join the shards of one experiment into the file one run would have written",
		Long: `Merge checks that the files are the shards of one experiment (the
same scenario, rules, seeds, bots and build: their hashes), each shard
once, every game once, none missing, and writes the records in order.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			o.Files = args
			return simMergeRun(o)
		},
	}
	cmd.Flags().StringVarP(&o.Output, "output", "o", "", "write here (default: standard output)")
	return cmd
}

func simMergeRun(o *simMergeOptions) error {
	files, err := readFiles(o.Files)
	if err != nil {
		return err
	}
	m, err := sim.Merge(files)
	if err != nil {
		return err
	}
	if o.Output == "" {
		return m.Write(o.IO.Out)
	}
	tmp := o.Output + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	if err := m.Write(f); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(tmp, o.Output)
}
