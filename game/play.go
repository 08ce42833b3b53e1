package game

import "gpw/core"

// Play is the one game loop: it lets each side's player play while that
// side must act, until the game is over or stop (nil for never) says to
// stop; stop is asked before each turn at the table. A nil player, or a
// player that gives no command when its side must act, passes: the side
// plays PassCommand once. The CLI's script and bot runs, the simulator,
// the bots' matches and the server's pass player all play through it.
func Play(g *Game, players [2]Player, stop func() bool) error {
	for !g.Over() && (stop == nil || !stop()) {
		side := g.Actor()
		before := g.accepted()
		if p := player(players, side); p != nil {
			if err := p.Play(g); err != nil {
				return err
			}
		}
		if g.accepted() == before && !g.Over() && g.Actor() == side {
			// nothing was done: the side passes by the defaults
			if err := g.Do(side, g.defaultCommand()); err != nil {
				return err
			}
		}
	}
	return nil
}

// player is side's player, nil for none or for no side.
func player(players [2]Player, side core.Side) Player {
	if side != core.Axis && side != core.Soviet {
		return nil
	}
	return players[side]
}

// PassCommand is what a side that makes no move of its own does next:
// finish its setup by the automatic rule, settle a pending decision by
// the documented default (never standing), place its reinforcements by
// the automatic rule, or end the phase.
func (g *Game) PassCommand() Command { return g.defaultCommand() }

// Pass is the player that makes no move of its own: it plays
// PassCommand until the other side must act or the game is over.
type Pass struct{ Side core.Side }

// Play passes for p.Side while that side must act.
func (p Pass) Play(g *Game) error {
	for !g.Over() && g.Actor() == p.Side {
		if err := g.Do(p.Side, g.defaultCommand()); err != nil {
			return err
		}
	}
	return nil
}
