package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"gpw/bot"
)

// botsLadderOptions are the flags of gpw bots ladder.
type botsLadderOptions struct {
	IO       *ioStreams
	Scenario string
	Rules    string
	Levels   string
	Seeds    int
	First    int
	JSON     bool
}

func newBotsLadderCmd(o *botsLadderOptions) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "ladder [--seeds N] [--levels easy,normal,hard,expert]",
		Short: "Rate the bot levels by paired games: Elo ratings with 95% intervals",
		Long: `Ladder plays each level against the one below on paired seeds: every
seed (--seeds of them from --first) twice, each level taking each side
once, so that the side's advantage cancels. It prints each level's Elo rating (the
weakest at 0) with its 95% interval, and for each step the stronger
level's score, as each side, the p-value of the paired scores against an
even match, and whether the step holds (a score above half, p < 0.05).
Each seed is played once more with the lower level on both sides, so that
each side's score of the upper level is printed beside the lower level's
own there, with the p-value of the paired gain, and whether the upper
level does better from both sides.`,
		Args: cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error { return botsLadderRun(o) },
	}
	f := cmd.Flags()
	f.StringVar(&o.Scenario, "scenario", "gdw/barbarossa", "scenario file, or the name of a built-in scenario")
	f.StringVar(&o.Rules, "rules", "gdw", "rules: gdw, adc2 or a .lua file")
	f.StringVar(&o.Levels, "levels", "easy,normal,hard,expert", "the levels, weakest first, comma-separated")
	f.IntVar(&o.Seeds, "seeds", 150, "pairs of games per step (seeds 1 to N, or from --first)")
	f.IntVar(&o.First, "first", 1, "the first seed")
	f.BoolVar(&o.JSON, "json", false, "print the ladder as JSON")
	return cmd
}

func botsLadderRun(o *botsLadderOptions) error {
	if o.Seeds < 2 {
		return fmt.Errorf("--seeds %d: at least 2", o.Seeds)
	}
	if o.First < 1 {
		return fmt.Errorf("--first %d: at least 1", o.First)
	}
	sc, err := loadScenario(o.Scenario, o.Rules)
	if err != nil {
		return err
	}
	l, err := bot.PlayLadder(bot.LadderOptions{Scenario: sc, Rules: o.Rules, Levels: strings.Split(o.Levels, ","), Seeds: o.Seeds, First: o.First, Builtin: rulesFS()})
	if err != nil {
		return err
	}
	if o.JSON {
		if err := jsonIndented(o.IO.Out, l, "  "); err != nil {
			return err
		}
	} else {
		fmt.Fprintln(o.IO.Out, l)
	}
	if len(l.Errors) > 0 {
		return silentError{fmt.Sprintf("%d game(s) failed: %s", len(l.Errors), l.Errors[0])}
	}
	return nil
}
