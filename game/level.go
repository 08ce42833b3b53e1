package game

import "fmt"

// Level is how a game or a victory condition was won: the "result" of
// the victory, verdict and end events and of Verdict. Its text is the
// one the scenario files and the JSON events use.
type Level string

// The levels of a result, the strongest first.
const (
	// LevelWin is an outright win: a condition with result "win" ends the
	// game when it holds, as does a module's EndGame with a winner.
	LevelWin Level = "win"
	// LevelDecisive is a decisive victory held at the end of the game.
	LevelDecisive Level = "decisive"
	// LevelMarginal is a marginal victory held at the end of the game.
	LevelMarginal Level = "marginal"
	// LevelDefault is the simulator's level for a side that wins because
	// the other, the only one with conditions, met none.
	LevelDefault Level = "default"
	// LevelDraw is a game without a winner.
	LevelDraw Level = "draw"
)

// ParseLevel reads a result as the scenario files and the JSON events
// write it; "" is a win (a condition without a result ends the game).
func ParseLevel(s string) (Level, error) {
	switch l := Level(s); l {
	case "":
		return LevelWin, nil
	case LevelWin, LevelDecisive, LevelMarginal, LevelDefault, LevelDraw:
		return l, nil
	}
	return "", fmt.Errorf("unknown victory result %q (want win, decisive, marginal, default or draw)", s)
}

// String returns the level as the scenario files and events write it.
func (l Level) String() string { return string(l) }

// Rank orders the levels a victory condition can have: win 3, decisive
// 2, marginal 1, any other 0.
func (l Level) Rank() int {
	switch l {
	case LevelWin:
		return 3
	case LevelDecisive:
		return 2
	case LevelMarginal:
		return 1
	}
	return 0
}
