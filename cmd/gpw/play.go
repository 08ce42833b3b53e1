package main

import (
	"github.com/spf13/cobra"
)

func newPlayCmd(ios *ioStreams) *cobra.Command {
	o := &runOptions{IO: ios}
	cmd := &cobra.Command{
		Use:   "play --scenario FILE|NAME",
		Short: "Play interactively: the command words of run, plus queries",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			o.SeedSet = c.Flags().Changed("seed")
			return playRun(o)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.Scenario, "scenario", "", "scenario file, or the name of a built-in scenario")
	f.StringVar(&o.Rules, "rules", "", "rules: gdw, adc2 or a .lua file (default: the scenario's)")
	f.Int64Var(&o.Seed, "seed", 0, "dice seed (default: the scenario's)")
	f.StringVar(&o.Dice, "dice", "", "die rolls to use first, e.g. 2,5")
	f.BoolVar(&o.JSON, "json", false, "print one JSON object per event")
	f.BoolVar(&o.Auto, "auto", false, "make every pending choice by its documented default")
	_ = cmd.MarkFlagRequired("scenario")
	return cmd
}

func playRun(o *runOptions) error {
	o.KeepGoing = true
	return runRun(o)
}
