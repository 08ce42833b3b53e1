package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
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
	Crop string   // with PNG: the part drawn ("front"; "" the whole map)
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

// frontMargin is how many hexes round the front --png-crop front keeps.
const frontMargin = 2

// frontHexes is the main front of position s: the land hexes where the
// ground a side holds joined to its own map edge meets the other side's,
// in the largest group of such hexes joined hex to hex (enclaves cut off
// behind the lines and their rings are left out). Nil when the sides
// touch nowhere.
func frontHexes(s *core.State) []int {
	m := s.Map
	var home [2]core.Bitset // each side's ground joined to its map edge
	for _, side := range []core.Side{core.Axis, core.Soviet} {
		b := core.NewBitset(m.Len())
		var q []int
		for _, h := range m.Edge[side] {
			if s.Control[h] == side && !m.Terrain[h].Water() && !b.Has(h) {
				b.Set(h)
				q = append(q, h)
			}
		}
		for i := 0; i < len(q); i++ {
			for _, n := range m.Nbr[q[i]] {
				if n >= 0 && m.OnMap[n] && !m.Terrain[n].Water() && s.Control[n] == side && !b.Has(int(n)) {
					b.Set(int(n))
					q = append(q, int(n))
				}
			}
		}
		home[side] = b
	}
	on := core.NewBitset(m.Len())
	for h := range m.Len() {
		for _, side := range []core.Side{core.Axis, core.Soviet} {
			if !home[side].Has(h) {
				continue
			}
			for _, n := range m.Nbr[h] {
				if n >= 0 && home[side.Enemy()].Has(int(n)) {
					on.Set(h)
					break
				}
			}
		}
	}
	var best []int
	seen := core.NewBitset(m.Len())
	for h := range m.Len() {
		if !on.Has(h) || seen.Has(h) {
			continue
		}
		group := []int{h}
		seen.Set(h)
		for i := 0; i < len(group); i++ {
			for _, n := range m.Nbr[group[i]] {
				if n >= 0 && on.Has(int(n)) && !seen.Has(int(n)) {
					seen.Set(int(n))
					group = append(group, int(n))
				}
			}
		}
		if len(group) > len(best) {
			best = group
		}
	}
	return best
}

// writePNG draws the game's position as it stands: the whole map, or
// with crop "front" the front and the hexes within frontMargin of it.
func writePNG(g *game.Game, file, crop string, w io.Writer) error {
	if ext := strings.ToLower(filepath.Ext(file)); ext != ".png" {
		return fmt.Errorf("--png %s: expected a .png file", file)
	}
	if crop != "" && crop != "front" {
		return fmt.Errorf("--png-crop %s: the part to draw is front (or leave the flag out for the whole map)", crop)
	}
	d := mapgen.Drawing{C: drawnMap(g.Position().Map), Counters: stateCounters(g.Position()), HexPx: 48, Names: true, Regions: true, Situation: situation(g)}
	x, y := d.Size()
	var r image.Rectangle
	if crop == "front" {
		if r = d.Box(frontHexes(g.Position()), frontMargin); r.Empty() {
			return fmt.Errorf("--png-crop front: the position has no front (no hex of one side beside a hex of the other)")
		}
		x, y = r.Dx(), r.Dy()
	}
	var b bytes.Buffer
	if err := d.WritePNGIn(&b, r); err != nil {
		return err
	}
	if err := os.WriteFile(file, b.Bytes(), 0o644); err != nil {
		return err
	}
	fmt.Fprintf(w, "the final position: %s, %d×%d pixels\n", file, x, y)
	return nil
}
