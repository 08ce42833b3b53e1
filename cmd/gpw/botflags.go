package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"gpw/bot"
	"gpw/core"
	"gpw/game"
	"gpw/mapgen"
)

// botOptions are the flags that give sides to computer players, shared
// by run and play.
type botOptions struct {
	Bots []string // SIDE or SIDE=LEVEL
	PNG  string   // draw the final position here
}

func addBotFlags(cmd *cobra.Command, o *botOptions) {
	levels := make([]string, len(bot.Levels))
	for i, l := range bot.Levels {
		levels[i] = l.Name
	}
	cmd.Flags().StringArrayVar(&o.Bots, "bot", nil,
		fmt.Sprintf("let the computer play a side: SIDE or SIDE=LEVEL (levels: %s; default %s); repeat for both sides", strings.Join(levels, ", "), bot.DefaultLevel))
}

// levels reads the --bot flags: the level of each side's bot, "" for a
// side that no bot plays.
func (o *botOptions) levels() ([2]string, error) {
	var out [2]string
	for _, b := range o.Bots {
		name, level, _ := strings.Cut(b, "=")
		side, err := core.ParseSide(name)
		if err != nil {
			return out, fmt.Errorf("--bot %s: %v", b, err)
		}
		if level == "" {
			level = bot.DefaultLevel
		}
		if _, err := bot.LevelByName(level); err != nil {
			return out, fmt.Errorf("--bot %s: %v", b, err)
		}
		if out[side] != "" {
			return out, fmt.Errorf("--bot %s: the %s side already has a bot", b, side)
		}
		out[side] = level
	}
	return out, nil
}

// makeBots makes the bots the flags ask for in game g; their remarks go
// to w.
func (o *botOptions) makeBots(g *game.Game, w io.Writer) ([2]*bot.Bot, error) {
	var out [2]*bot.Bot
	levels, err := o.levels()
	if err != nil {
		return out, err
	}
	for side, level := range levels {
		if level == "" {
			continue
		}
		b, err := bot.ForGame(g, core.Side(side), level)
		if err != nil {
			return out, err
		}
		b.Say = func(s string) { fmt.Fprintln(w, s) }
		out[side] = b
	}
	return out, nil
}

// summaryPrinter prints each turn's summary, as text or as a JSON line.
func summaryPrinter(w io.Writer, asJSON bool) func(bot.Summary) {
	return func(s bot.Summary) {
		if !asJSON {
			fmt.Fprintln(w, s)
			return
		}
		b, _ := json.Marshal(map[string]any{"event": "summary", "turn": s.Turn, "battles": s.Battles,
			"lost":  map[string]int{"axis": s.Lost[core.Axis], "soviet": s.Lost[core.Soviet]},
			"taken": map[string][]string{"axis": nonNil(s.Taken[core.Axis]), "soviet": nonNil(s.Taken[core.Soviet])},
			"held":  map[string][]string{"axis": nonNil(s.Held[core.Axis]), "soviet": nonNil(s.Held[core.Soviet])}})
		fmt.Fprintf(w, "%s\n", b)
	}
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// writePNG draws the game's position as it stands.
func writePNG(g *game.Game, file string, w io.Writer) error {
	if ext := strings.ToLower(filepath.Ext(file)); ext != ".png" {
		return fmt.Errorf("--png %s: expected a .png file", file)
	}
	d := mapgen.Drawing{C: drawnMap(g.Position().Map), Counters: stateCounters(g.Position()), HexPx: 48, Names: true, Regions: true, Situation: situation(g)}
	var b bytes.Buffer
	if err := d.WritePNG(&b); err != nil {
		return err
	}
	if err := os.WriteFile(file, b.Bytes(), 0o644); err != nil {
		return err
	}
	x, y := d.Size()
	fmt.Fprintf(w, "the final position: %s, %d×%d pixels\n", file, x, y)
	return nil
}
