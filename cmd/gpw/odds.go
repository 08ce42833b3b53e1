package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"gpw/game"
)

// oddsOptions are the flags and arguments of gpw odds.
type oddsOptions struct {
	gameOptions
	IO     *ioStreams
	Script string
	JSON   bool
	Args   []string // HEX from HEX...
}

func newOddsCmd(ios *ioStreams, runF func(*oddsOptions) error) *cobra.Command {
	o := &oddsOptions{IO: ios}
	if runF == nil {
		runF = oddsRun
	}
	cmd := &cobra.Command{
		Use:   "odds --scenario FILE|NAME [--script FILE] HEX from HEX...",
		Short: "Preview a battle: odds, shifts and the chance of each result, without rolling",
		Long: `Odds weighs an attack on the defender's hex from the attackers' hexes as
the attack command would, after replaying --script to reach the position,
and prints the ratio, each halving and shift with its rule, the final
column and the chance of each result on it. Nothing is rolled for the
battle and the game is not changed.`,
		Args: cobra.MinimumNArgs(3),
		RunE: func(_ *cobra.Command, args []string) error {
			o.Args = args
			return runF(o)
		},
	}
	addGameFlags(cmd, &o.gameOptions, true)
	f := cmd.Flags()
	f.StringVar(&o.Script, "script", "", "commands to replay first, to reach the position")
	f.BoolVar(&o.JSON, "json", false, "print one JSON object")
	return cmd
}

func oddsRun(o *oddsOptions) error {
	if len(o.Args) < 3 || !strings.EqualFold(o.Args[1], "from") {
		return fmt.Errorf("usage: gpw odds --scenario FILE HEX from HEX... (the defender's hex, then the attackers' hexes)")
	}
	g, err := o.start(nil)
	if err != nil {
		return err
	}
	if err := replay(g, o.Script); err != nil {
		return err
	}
	p, err := g.Preview(o.Args[0], o.Args[2:])
	if err != nil {
		return o.fail(err)
	}
	if o.JSON {
		jsonLine(o.IO.Out, p)
		return nil
	}
	fmt.Fprintln(o.IO.Out, p)
	return nil
}

// fail reports a refused preview: as a JSON error object with --json.
func (o *oddsOptions) fail(err error) error {
	if !o.JSON {
		return err
	}
	jsonLine(o.IO.Out, errorEvent{"error", err.Error()})
	return silentError{err.Error()}
}

// replay runs a script's commands; a refused one stops it with its line.
func replay(g *game.Game, script string) error {
	if script == "" {
		return nil
	}
	f, err := os.Open(script)
	if err != nil {
		return err
	}
	defer f.Close()
	return lines(f, script, func(line int, text string) error {
		if err := g.Exec(text); err != nil {
			return fmt.Errorf("%s:%d: %w", script, line, err)
		}
		return nil
	})
}
