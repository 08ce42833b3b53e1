package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"gpw/game"
	"gpw/scenario"
)

// checkOptions are the arguments of gpw check.
type checkOptions struct {
	IO    *ioStreams
	Files []string
	Rules string
}

func newCheckCmd(ios *ioStreams) *cobra.Command {
	o := &checkOptions{IO: ios}
	cmd := &cobra.Command{
		Use:   "check FILE...",
		Short: "Validate scenarios and report every problem with file and line",
		Args:  cobra.MinimumNArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			o.Files = args
			return checkRun(o)
		},
	}
	cmd.Flags().StringVar(&o.Rules, "rules", "", "check against these rules (default: each scenario's)")
	return cmd
}

func checkRun(o *checkOptions) error {
	bad := 0
	for _, f := range o.Files {
		sc, err := loadScenario(f)
		if err == nil {
			var g *game.Game
			g, err = game.New(sc, game.Options{Rules: o.Rules}, rulesFS(), nil)
			if err == nil {
				g.Close()
			}
		}
		if err != nil {
			bad++
			if es, ok := err.(scenario.Errors); ok {
				for _, e := range es {
					fmt.Fprintln(o.IO.Out, e)
				}
			} else {
				fmt.Fprintln(o.IO.Out, strings.TrimSpace(err.Error()))
			}
			continue
		}
		fmt.Fprintf(o.IO.Out, "%s: ok\n", f)
	}
	if bad > 0 {
		return silentError{fmt.Sprintf("%d file(s) with problems", bad)}
	}
	return nil
}
