package scenario

import (
	"gpw/core"
)

// VictorySpec is the [victory] table: the text shown to players and the
// conditions as data.
type VictorySpec struct {
	Text      string          `toml:"text"`
	Default   string          `toml:"default"` // the side that wins when no condition holds at the end ("" for a draw)
	Condition []VictoryCondit `toml:"condition"`
}

// VictoryCondit is a [[victory.condition]]: side wins (result) when it
// holds every city listed at the moment named.
type VictoryCondit struct {
	Side   string   `toml:"side"`
	When   string   `toml:"when"`   // "end" (of the last turn), "axis-turn", "soviet-turn" (the end of that player turn)
	Hold   string   `toml:"hold"`   // "occupy" (a combat unit in the hex) or "control" (default)
	Cities []string `toml:"cities"` // all of these
	Count  int      `toml:"count"`  // or at least this many of them (0: all)
	// Require lists cities that must all be held as well (with count:
	// "Minsk and two of Vilnius, Lvov, ...").
	Require []string `toml:"require"`
	Result  string   `toml:"result"` // "win" (the game ends), "decisive", "marginal"
	Line    int      `toml:"-"`
}

func checkVictory(src *source, sc *Scenario, v VictorySpec) {
	sc.Victory = v
	switch v.Default {
	case "", "axis", "soviet", "draw":
	default:
		src.errorf(src.key("victory", 0, "default"), "victory: default must be axis, soviet or draw (the verdict when no condition holds at the end), not %q", v.Default)
	}
	for _, c := range v.Condition {
		if _, err := core.ParseSide(c.Side); err != nil {
			src.errorf(c.Line, "victory: %v", err)
		}
		switch c.When {
		case "", "end", "axis-turn", "soviet-turn":
		default:
			src.errorf(c.Line, "victory: when must be end, axis-turn or soviet-turn, not %q", c.When)
		}
		switch c.Hold {
		case "", "control", "occupy":
		default:
			src.errorf(c.Line, "victory: hold must be control or occupy, not %q", c.Hold)
		}
		if len(c.Cities) == 0 {
			src.errorf(c.Line, "victory: a condition lists the cities to hold")
		}
		for _, name := range append(append([]string(nil), c.Cities...), c.Require...) {
			if _, ok := sc.Map.FindCity(name); !ok {
				src.errorf(src.find(c.Line-1, `"`+name+`"`), "victory: map %s has no city %q%s", sc.Map.Name, name, didYouMean(name, cityNames(sc.Map), "cities"))
			}
		}
		switch c.Result {
		case "", "win", "decisive", "marginal":
		default:
			src.errorf(src.find(c.Line-1, "result"), "victory: result must be win (the game ends), decisive or marginal, not %q", c.Result)
		}
		if c.Count > len(c.Cities) {
			src.errorf(c.Line, "victory: count %d is more than the %d cities listed", c.Count, len(c.Cities))
		}
	}
}

// cityNames lists every city name and alias of m.
func cityNames(m *core.Map) []string {
	var names []string
	for _, c := range m.Cities {
		names = append(append(names, c.Name), c.Aliases...)
	}
	return names
}
