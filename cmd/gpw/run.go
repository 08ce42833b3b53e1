package main

import (
	"bufio"
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
	gameOptions
	IO        *ioStreams
	Script    string
	JSON      bool
	KeepGoing bool
	Turns     int
	Save      string // write the game here at the end
}

func newRunCmd(ios *ioStreams, runF func(*runOptions) error) *cobra.Command {
	o := &runOptions{IO: ios}
	if runF == nil {
		runF = runRun
	}
	cmd := &cobra.Command{
		Use:   "run --scenario FILE|NAME [--script FILE]",
		Short: "Run a script of commands against a scenario and print the events",
		Long: `Run plays the commands of a script (one per line, # starts a comment)
against a scenario and prints every event. Without --script the commands
are read from standard input, unless --turns is given.`,
		Args: cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error { return runF(o) },
	}
	addGameFlags(cmd, &o.gameOptions, true)
	f := cmd.Flags()
	f.StringVar(&o.Script, "script", "", "command script (default: standard input)")
	f.BoolVar(&o.JSON, "json", false, "print one JSON object per event")
	f.BoolVar(&o.KeepGoing, "keep-going", false, "go on after a refused command (exit status 1)")
	f.IntVar(&o.Turns, "turns", 0, "after the script, end phases until this many turns are played")
	f.StringVar(&o.Save, "save", "", "at the end, save the game to this file (written atomically)")
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

func newGame(o *runOptions) (*game.Game, error) {
	return o.start(printer(o.IO.Out, o.JSON))
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
