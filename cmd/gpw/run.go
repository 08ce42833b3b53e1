package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"gpw/bot"
	"gpw/core"
	"gpw/game"
)

// runOptions are the flags of gpw run.
type runOptions struct {
	gameOptions
	botOptions
	match     *bot.Match // the bots' match, once made
	IO        *ioStreams
	Script    string
	JSON      bool
	KeepGoing bool
	Turns     int
	Save      string    // write the game here at the end
	View      string    // --view: print what this side sees (view.go)
	view      core.Side // the side read from View, core.NoSide for the whole game
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
are read from standard input, unless --turns or --bot is given.

With --bot SIDE[=LEVEL] the computer plays that side (both sides with two
--bot flags): it sets up, places reinforcements, rebuilds, rails, moves,
attacks and takes every battle decision, and a summary closes each turn.
A script then plays the other side. --turns limits the turns the bots
play; --png draws the final position.`,
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
	addBotFlags(cmd, &o.botOptions)
	f.StringVar(&o.PNG, "png", "", "at the end, draw the position to this .png file")
	f.StringVar(&o.Crop, "png-crop", "", "with --png, draw only this part: front (the main front line between the sides' hexes and 2 hexes round it)")
	addViewFlag(cmd, o, false)
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
	print := printer(o.IO.Out, o.JSON)
	g, err := o.start(func(e game.Event) {
		if o.match != nil {
			o.match.Observe(e) // a turn's summary before the next turn's events
		}
		print(e.For(o.view)) // as the --view side sees it (view.go)
	})
	if err == nil {
		printLint(o.IO.Err, g)
	}
	return g, err
}

func runRun(o *runOptions) error {
	err := runGame(o)
	if o.JSON {
		jsonFailure(o.IO.Out, err) // a module's failure is an error event too
	}
	return err
}

func runGame(o *runOptions) error {
	view, err := o.viewSide(false)
	if err != nil {
		return err
	}
	o.view = view
	g, err := newGame(o)
	if err != nil {
		return err
	}
	bots, err := o.makeBots(g, o.IO.Err)
	if err != nil {
		return err
	}
	var in io.Reader
	name := "standard input"
	switch {
	case o.Script != "":
		name = o.Script
		f, err := os.Open(o.Script)
		if err != nil {
			return err
		}
		defer f.Close()
		in = f
	case o.Turns == 0 && len(o.Bots) < 2:
		in = o.IO.In
	}
	var script *scriptPlayer
	if in != nil {
		script = newScriptPlayer(in, name, o.KeepGoing)
	}
	if bots[0] != nil || bots[1] != nil {
		return runBots(o, g, bots, script)
	}
	refused := 0
	if script != nil {
		// the script plays both sides until its lines run out; lines
		// left once the game is over are refused as before
		err := game.Play(g, [2]game.Player{script, script}, nil)
		if err == nil {
			err = script.rest(g)
		}
		if err != nil && !errors.Is(err, errScriptEnd) {
			return err
		}
		refused = script.refused
	}
	if o.Turns > 0 {
		if err := g.PlayTurns(o.Turns); err != nil {
			return err
		}
	}
	if err := finish(o, g); err != nil {
		return err
	}
	if refused > 0 {
		return silentError{fmt.Sprintf("%d command(s) refused", refused)}
	}
	return nil
}

// finish saves and draws the game as the flags ask.
func finish(o *runOptions, g *game.Game) error {
	if o.Save != "" {
		if err := g.WriteSave(o.Save); err != nil {
			return err
		}
	}
	if o.PNG != "" {
		return writePNG(g, o.PNG, o.Crop, o.IO.Out)
	}
	return nil
}

// runBots plays a game with bots: each bot plays when its side must act;
// the script's lines (nil for none) play a side without a bot, until
// they run out.
func runBots(o *runOptions, g *game.Game, bots [2]*bot.Bot, script *scriptPlayer) error {
	m := &bot.Match{G: g, Bots: bots, OnTurn: summaryPrinter(o.IO.Out, o.JSON)}
	o.match = m
	refused := 0
	if script != nil {
		for side, b := range bots {
			if b == nil {
				m.Others[side] = script
			}
		}
	}
	if err := m.Run(o.Turns); err != nil && !errors.Is(err, errScriptEnd) {
		return err
	}
	if script != nil {
		refused = script.refused
	}
	if err := finish(o, g); err != nil {
		return err
	}
	for _, b := range bots {
		if b != nil && b.Refused() > 0 {
			return fmt.Errorf("the %s bot's commands were refused %d time(s); the last: %s", b.Side, b.Refused(), b.LastRefusal())
		}
	}
	if refused > 0 {
		return silentError{fmt.Sprintf("%d command(s) refused", refused)}
	}
	return nil
}
