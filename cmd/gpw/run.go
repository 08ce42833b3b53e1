package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"gpw/game"
)

// runOptions are the flags of gpw run.
type runOptions struct {
	IO        *ioStreams
	Scenario  string
	Script    string
	Rules     string
	Seed      int64
	SeedSet   bool
	Dice      string
	JSON      bool
	KeepGoing bool
	Auto      bool
	AutoSetup bool // place the setup units by the documented rule (issue 5)
	Turns     int
	Save      string // write the game here at the end
	Load      string // start from this save instead of a scenario
	Force     bool   // load a save even though its rules changed
}

func newRunCmd(ios *ioStreams) *cobra.Command {
	o := &runOptions{IO: ios}
	cmd := &cobra.Command{
		Use:   "run --scenario FILE|NAME [--script FILE]",
		Short: "Run a script of commands against a scenario and print the events",
		Long: `Run plays the commands of a script (one per line, # starts a comment)
against a scenario and prints every event. Without --script the commands
are read from standard input, unless --turns is given.`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			o.SeedSet = c.Flags().Changed("seed")
			return runRun(o)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.Scenario, "scenario", "", "scenario file, or the name of a built-in scenario")
	f.StringVar(&o.Script, "script", "", "command script (default: standard input)")
	f.StringVar(&o.Rules, "rules", "", "rules: gdw, adc2 or a .lua file (default: the scenario's)")
	f.Int64Var(&o.Seed, "seed", 0, "dice seed (default: the scenario's)")
	f.StringVar(&o.Dice, "dice", "", "die rolls to use first, e.g. 2,5")
	f.BoolVar(&o.JSON, "json", false, "print one JSON object per event")
	f.BoolVar(&o.KeepGoing, "keep-going", false, "go on after a refused command (exit status 1)")
	f.BoolVar(&o.Auto, "auto", false, "make every pending choice by its documented default")
	f.BoolVar(&o.AutoSetup, "auto-setup", false, "place every unit of the setup step by the documented rule and start at once")
	f.IntVar(&o.Turns, "turns", 0, "after the script, end phases until this many turns are played")
	f.StringVar(&o.Save, "save", "", "at the end, save the game to this file (written atomically)")
	f.StringVar(&o.Load, "load", "", "continue a saved game instead of starting a scenario")
	f.BoolVar(&o.Force, "force", false, "with --load: replay the save even though the rules changed")
	return cmd
}

// parseDice reads "2,5,1".
func parseDice(s string) ([]int, error) {
	if s == "" {
		return nil, nil
	}
	var out []int
	for _, p := range strings.Split(s, ",") {
		d, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil || d < 1 || d > 6 {
			return nil, fmt.Errorf("--dice: %q is not a die roll 1-6", p)
		}
		out = append(out, d)
	}
	return out, nil
}

// printer writes events as text or JSON lines.
func printer(w io.Writer, asJSON bool) func(game.Event) {
	return func(e game.Event) {
		if asJSON {
			b, err := json.Marshal(e)
			if err != nil {
				fmt.Fprintf(w, "{\"event\":\"error\",\"error\":%q}\n", err.Error())
				return
			}
			fmt.Fprintf(w, "%s\n", b)
			return
		}
		fmt.Fprintln(w, e.Text)
	}
}

func newGame(o *runOptions) (*game.Game, error) {
	if o.Load != "" {
		if o.Scenario != "" {
			return nil, fmt.Errorf("give --scenario or --load, not both")
		}
		return game.LoadSave(o.Load, rulesFS(), o.Force, printer(o.IO.Out, o.JSON))
	}
	if o.Scenario == "" {
		return nil, fmt.Errorf("--scenario (or --load) is required")
	}
	sc, err := loadScenario(o.Scenario)
	if err != nil {
		return nil, err
	}
	dice, err := parseDice(o.Dice)
	if err != nil {
		return nil, err
	}
	return game.New(sc, game.Options{Rules: o.Rules, Seed: o.Seed, SeedSet: o.SeedSet, Dice: dice, Auto: o.Auto, AutoSetup: o.AutoSetup}, rulesFS(), printer(o.IO.Out, o.JSON))
}

func runRun(o *runOptions) error {
	g, err := newGame(o)
	if err != nil {
		return err
	}
	defer g.Close()
	var in io.Reader
	switch {
	case o.Script != "":
		f, err := os.Open(o.Script)
		if err != nil {
			return err
		}
		defer f.Close()
		in = f
	case o.Turns == 0:
		in = o.IO.In
	}
	refused := 0
	if in != nil {
		sc := bufio.NewScanner(in)
		line := 0
		for sc.Scan() {
			line++
			err := g.Exec(sc.Text())
			if err == nil {
				continue
			}
			if _, ok := err.(*game.Refusal); !ok {
				return fmt.Errorf("%s:%d: %w", o.Script, line, err)
			}
			refused++
			if !o.KeepGoing {
				return silentError{fmt.Sprintf("%s:%d: refused", o.Script, line)}
			}
		}
		if err := sc.Err(); err != nil {
			return err
		}
	}
	if o.Turns > 0 {
		if err := g.PlayTurns(o.Turns); err != nil {
			return err
		}
	}
	if o.Save != "" {
		if err := g.WriteSave(o.Save); err != nil {
			return err
		}
	}
	if refused > 0 {
		return silentError{fmt.Sprintf("%d command(s) refused", refused)}
	}
	return nil
}
