package bot

import (
	"fmt"
	"io/fs"
	"strings"

	"gpw/core"
	"gpw/game"
	"gpw/scenario"
)

// Milestone is a city and when the Axis took it in 1941 (and whether it
// still held it at the end of that turn and after). A milestone with
// Near > 0 counts instead the games in which an Axis combat unit stands
// within Near hexes of the city (or the Axis holds it): the city reached.
type Milestone struct {
	City  string
	Taken string // the turn it fell (or was reached), "" if it never did
	Date  string // the historical date, for people
	Lost  string // the turn the Soviets took it back, "" if not in the scenario
	Near  int
}

// Label is the milestone's row name: the city, and "≤N" for a city
// reached.
func (c Milestone) Label() string {
	if c.Near > 0 {
		return fmt.Sprintf("%s ≤%d", c.City, c.Near)
	}
	return c.City
}

// Barbarossa1941 are the cities `gpw bots history` follows, with the
// dates they fell in 1941 (Wikipedia, Operation Barbarossa and its
// battles).
var Barbarossa1941 = []Milestone{
	{City: "Riga", Taken: "Jun 1941", Date: "1 Jul 1941"},
	{City: "Tallinn", Taken: "Aug 1941", Date: "28 Aug 1941"},
	{City: "Pskov", Taken: "Jul 1941", Date: "9 Jul 1941"},
	{City: "Minsk", Taken: "Jun 1941", Date: "28 Jun 1941"},
	{City: "Smolensk", Taken: "Jul 1941", Date: "16 Jul 1941"},
	{City: "Kiev", Taken: "Sep/Oct 1941", Date: "19 Sep 1941"},
	{City: "Kharkov", Taken: "Sep/Oct 1941", Date: "24 Oct 1941"},
	{City: "Odessa", Taken: "Sep/Oct 1941", Date: "16 Oct 1941"},
	{City: "Dnepropetrovsk", Taken: "Aug 1941", Date: "25 Aug 1941"},
	{City: "Rostov", Taken: "Nov/Dec 1941", Date: "21 Nov 1941 (retaken 29 Nov)", Lost: "Nov/Dec 1941"},
	{City: "Leningrad", Taken: "Aug 1941", Date: "reached in Aug, besieged from 8 Sep 1941", Near: 2},
	{City: "Leningrad", Date: "besieged from 8 Sep 1941, never taken"},
	{City: "Tula", Date: "besieged from 30 Oct 1941, never taken"},
	{City: "Moscow", Date: "stopped at its gates in Dec 1941"},
}

// History is how often the Axis held each city at the end of each turn
// over a number of bot-against-bot games.
type History struct {
	Scenario, Rules, Level string
	Games                  int
	Turns                  []string
	Cities                 []Milestone
	Held                   [][]int // [city][turn] games the Axis held it
	Wins                   [3]int  // axis, soviet, draw
	Errors                 []string
}

// HistoryOptions say which games History plays.
type HistoryOptions struct {
	Scenario *scenario.Scenario
	Rules    string // "" for the scenario's
	Level    string
	Seeds    int   // games, seeds 1..Seeds
	Workers  int   // games played at once (0: one per CPU)
	Builtin  fs.FS // the rules directory
	Cities   []Milestone
}

// PlayHistory plays o.Seeds games bot against bot and counts, for each
// turn, the games in which the Axis holds each city.
func PlayHistory(o HistoryOptions) (*History, error) {
	if o.Cities == nil {
		o.Cities = Barbarossa1941
	}
	if o.Level == "" {
		o.Level = DefaultLevel
	}
	h := &History{Scenario: o.Scenario.Name, Rules: o.Rules, Level: o.Level, Cities: o.Cities, Held: make([][]int, len(o.Cities))}
	type result struct {
		seed   int
		turns  []string
		held   [][]bool
		winner core.Side
		err    error
	}
	results := make([]result, o.Seeds)
	inParallel(o.Workers, o.Seeds, func(i int) {
		seed := i + 1
		r := result{seed: seed}
		g, err := game.New(o.Scenario, game.Options{Rules: o.Rules, Seed: int64(seed), SeedSet: true, NoUndo: true}, o.Builtin, nil)
		if err != nil {
			r.err = err
			results[seed-1] = r
			return
		}
		ax, err1 := ForGame(g, core.Axis, o.Level)
		so, err2 := ForGame(g, core.Soviet, o.Level)
		if err1 != nil || err2 != nil {
			r.err = fmt.Errorf("%v %v", err1, err2)
		} else {
			r.err = PlayGame(g, ax, so, 0, func(s Summary) {
				r.turns = append(r.turns, s.Turn)
				row := make([]bool, len(o.Cities))
				pos := g.Position()
				for i, c := range o.Cities {
					if city, ok := pos.Map.FindCity(c.City); ok {
						row[i] = pos.Control[city.Hex] == core.Axis || c.Near > 0 && axisUnitNear(pos, city.Hex, c.Near)
					}
				}
				r.held = append(r.held, row)
			})
			r.winner = Winner(g)
		}
		results[seed-1] = r
	})
	for i := range h.Held {
		h.Held[i] = make([]int, 0)
	}
	for _, r := range results {
		if r.err != nil {
			h.Errors = append(h.Errors, fmt.Sprintf("seed %d: %v", r.seed, r.err))
			continue
		}
		h.Games++
		switch r.winner {
		case core.Axis:
			h.Wins[0]++
		case core.Soviet:
			h.Wins[1]++
		default:
			h.Wins[2]++
		}
		for t, name := range r.turns {
			if t >= len(h.Turns) {
				h.Turns = append(h.Turns, name)
				for i := range h.Held {
					h.Held[i] = append(h.Held[i], 0)
				}
			}
			for i, held := range r.held[t] {
				if held {
					h.Held[i][t]++
				}
			}
		}
	}
	return h, nil
}

// String prints the table: a row per city, the share of games the Axis
// held it at the end of each turn, and when it fell in 1941. A * marks
// the turns in which it was Axis-held historically.
func (h *History) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s, %s rules, %s bots, %d games: share of games in which the Axis holds each city at the end of each turn\n",
		h.Scenario, orDefault(h.Rules, "the scenario's"), h.Level, h.Games)
	fmt.Fprintf(&b, "(* the Axis held it then in 1941)\n\n")
	fmt.Fprintf(&b, "%-14s", "city")
	for _, t := range h.Turns {
		fmt.Fprintf(&b, " %13s", t)
	}
	fmt.Fprintf(&b, "  fell in 1941\n")
	for i, c := range h.Cities {
		fmt.Fprintf(&b, "%-14s", c.Label())
		for t, name := range h.Turns {
			mark := " "
			if c.heldIn(name, h.Turns[:t+1]) {
				mark = "*"
			}
			fmt.Fprintf(&b, " %12s%s", fmt.Sprintf("%d%%", percent(h.Held[i][t], h.Games)), mark)
		}
		fmt.Fprintf(&b, "  %s\n", c.Date)
	}
	fmt.Fprintf(&b, "\nresult: axis %d, soviet %d, draw %d", h.Wins[0], h.Wins[1], h.Wins[2])
	for _, e := range h.Errors {
		fmt.Fprintf(&b, "\nerror: %s", e)
	}
	return b.String()
}

// heldIn reports whether the Axis held the city historically at the end
// of turn now (so far lists the turns up to it).
func (c Milestone) heldIn(now string, so []string) bool {
	if c.Taken == "" {
		return false
	}
	taken, lost := false, false
	for _, t := range so {
		if t == c.Taken {
			taken = true
		}
		if t == c.Lost {
			lost = true
		}
	}
	return taken && !lost
}

// axisUnitNear reports whether an Axis combat unit stands within n hexes of
// hex h.
func axisUnitNear(s *core.State, h, n int) bool {
	for k := range s.Units {
		u := &s.Units[k]
		if u.Side == core.Axis && combatUnit(u) && s.Map.Distance(u.Hex, h) <= n {
			return true
		}
	}
	return false
}

func percent(n, of int) int {
	if of == 0 {
		return 0
	}
	return (200*n + of) / (2 * of)
}

func orDefault(s, d string) string {
	if s == "" {
		return d
	}
	return s
}
