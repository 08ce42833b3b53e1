package bot

import (
	"fmt"
	"strings"

	"gpw/core"
	"gpw/game"
)

// Lines is MeasureLine's reading of both sides' lines at the end of each
// turn, summed over a number of bot-against-bot games.
type Lines struct {
	Scenario, Rules, Level string
	Games                  int
	Turns                  []string
	sums                   [][2]lineSum // [turn][side]
	Errors                 []string
}

// PlayLines plays o.Seeds games bot against bot (as PlayHistory) and
// measures both sides' lines at the end of every turn.
func PlayLines(o HistoryOptions) (*Lines, error) {
	if o.Level == "" {
		o.Level = DefaultLevel
	}
	l := &Lines{Scenario: o.Scenario.Name, Rules: o.Rules, Level: o.Level}
	type result struct {
		turns []string
		lines [][2]LineQuality
		err   error
	}
	results := make([]result, o.Seeds)
	inParallel(o.Workers, o.Seeds, func(i int) {
		r := &results[i]
		g, err := game.New(o.Scenario, game.Options{Rules: o.Rules, Seed: int64(i + 1), SeedSet: true, NoUndo: true}, o.Builtin, nil)
		if err != nil {
			r.err = err
			return
		}
		ax, err1 := ForGame(g, core.Axis, o.Level)
		so, err2 := ForGame(g, core.Soviet, o.Level)
		if err1 != nil || err2 != nil {
			r.err = fmt.Errorf("%v %v", err1, err2)
			return
		}
		r.err = PlayGame(g, ax, so, 0, func(s Summary) {
			r.turns = append(r.turns, s.Turn)
			pos := g.Position()
			r.lines = append(r.lines, [2]LineQuality{MeasureLine(pos, core.Axis), MeasureLine(pos, core.Soviet)})
		})
	})
	for i, r := range results {
		if r.err != nil {
			l.Errors = append(l.Errors, fmt.Sprintf("seed %d: %v", i+1, r.err))
			continue
		}
		l.Games++
		for t, name := range r.turns {
			if t >= len(l.Turns) {
				l.Turns = append(l.Turns, name)
				l.sums = append(l.sums, [2]lineSum{})
			}
			for side := range 2 {
				l.sums[t][side].add(r.lines[t][side])
			}
		}
	}
	return l, nil
}

// String prints a row per turn and side: the mean units, the shares of
// them on the line, backing it and idle, the mean gaps and the share of
// games with one, the deep-rear hexes they leak, the line's jag and the
// unevenness of its backing.
func (l *Lines) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s, %s rules, %s bots, %d games: each side's line at the end of each turn (means over the games)\n\n",
		l.Scenario, orDefault(l.Rules, "the scenario's"), l.Level, l.Games)
	fmt.Fprintf(&b, "%-22s %6s %6s %8s %6s %8s %6s %7s %7s %5s %7s\n", "turn, side", "units", "line", "backing", "idle", "crowded", "gaps", "broken", "leak", "jag", "uneven")
	for t, name := range l.Turns {
		for side := range 2 {
			l.sums[t][side].row(&b, name+", "+core.Side(side).String())
		}
	}
	for _, e := range l.Errors {
		fmt.Fprintf(&b, "error: %s\n", e)
	}
	return strings.TrimRight(b.String(), "\n")
}
