package engine

import (
	"gpw/bot"
	"gpw/core"
	"gpw/game"
	"gpw/sim"
)

// Bots plays both sides with computer players (package bot) of the
// levels named. Each bot's stream is seeded from the game's seed and its
// side (bot.Seed): the same in every arm, apart from the dice. The
// doctrine is the rules module's or the scenario's.
func Bots(axis, soviet string) (Players, error) {
	for _, l := range []string{axis, soviet} {
		if _, err := bot.LevelByName(l); err != nil {
			return Players{}, err
		}
	}
	return Players{
		New:  func(int64) Player { return bots{axis, soviet} },
		Bots: sim.Bots{Axis: axis, Soviet: soviet},
	}, nil
}

type bots struct{ axis, soviet string }

func (p bots) Play(g *game.Game, turns int) error {
	a, err := bot.ForGame(g, core.Axis, p.axis)
	if err != nil {
		return err
	}
	s, err := bot.ForGame(g, core.Soviet, p.soviet)
	if err != nil {
		return err
	}
	return bot.PlayGame(g, a, s, turns, nil)
}
