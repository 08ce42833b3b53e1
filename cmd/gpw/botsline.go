package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"gpw/bot"
)

// botsLineOptions are the flags of gpw bots line.
type botsLineOptions struct {
	IO       *ioStreams
	Scenario string
	Rules    string
	Level    string
	Seeds    int
}

func newBotsLineCmd(o *botsLineOptions) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "line [--seeds N] [--level normal]",
		Short: "Play bot against bot over many seeds and measure each side's line at the end of every turn",
		Long: `Line plays a scenario (Barbarossa by default) bot against bot, once per
seed from 1 to --seeds, and prints for each turn and side the mean of
the line's measures (docs/bots.md, "The line measured"): units on the
line, backing it and idle; gaps through which enemy units walk into the
deep rear without entering a zone of control, and the rear hexes they
reach; how jagged the line's depth is and how unevenly it is backed.`,
		Args: cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error { return botsLineRun(o) },
	}
	f := cmd.Flags()
	f.StringVar(&o.Scenario, "scenario", "gdw/barbarossa", "scenario file, or the name of a built-in scenario")
	f.StringVar(&o.Rules, "rules", "gdw", "rules: gdw, adc2 or a .lua file")
	f.StringVar(&o.Level, "level", bot.DefaultLevel, "the bots' level")
	f.IntVar(&o.Seeds, "seeds", 40, "games to play (seeds 1 to N)")
	return cmd
}

func botsLineRun(o *botsLineOptions) error {
	ho, err := historyOptions(o.Scenario, o.Rules, o.Level, o.Seeds)
	if err != nil {
		return err
	}
	l, err := bot.PlayLines(ho)
	if err != nil {
		return err
	}
	fmt.Fprintln(o.IO.Out, l)
	if len(l.Errors) > 0 {
		return silentError{fmt.Sprintf("%d game(s) failed", len(l.Errors))}
	}
	return nil
}
