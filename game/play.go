package game

import (
	"fmt"

	"gpw/core"
)

// MaxStall is how many rounds Play plays in one phase (the same turn,
// phase and setup side) before it stops with an error naming the player
// that keeps the game from advancing. A round is one call of a player's
// Play, or a pass. The bots play a whole phase in a round or two (at most
// 4 rounds a phase in hard-bot Barbarossas and ADC2 campaigns, with the
// defender's stand elections), a script one accepted line a round: only
// a player that never ends its phase comes near the limit.
const MaxStall = 10_000

// StallError is Play's error when a phase has lasted MaxStall rounds.
type StallError struct {
	Side   core.Side
	Player string // the player's type, "the pass player" for none
	Phase  string
	Rounds int // the side's rounds of the MaxStall
}

func (e *StallError) Error() string {
	return fmt.Sprintf("the game does not advance: %d rounds in the %s phase, %d of them the %s player's (%s), and the phase has not ended", MaxStall, e.Phase, e.Rounds, e.Side, e.Player)
}

// playerName names p for a StallError.
func playerName(p Player) string {
	if p == nil {
		return "the pass player"
	}
	return fmt.Sprintf("%T", p)
}

// Play is the one game loop: it lets each side's player play while that
// side must act, until the game is over or stop (nil for never) says to
// stop; stop is asked before each turn at the table. A nil player, or a
// player that gives no command when its side must act, passes: the side
// plays PassCommand once. The CLI's script and bot runs, the simulator,
// the bots' matches and the server's pass player all play through it.
// A phase that lasts MaxStall rounds stops it with a *StallError.
func Play(g *Game, players [2]Player, stop func() bool) error {
	type at struct {
		turn, pos int
		setup     core.Side
	}
	var last at
	var rounds [2]int
	for !g.Over() && (stop == nil || !stop()) {
		side := g.Actor()
		if now := (at{g.turn, g.pos, g.SetupSide()}); now != last {
			last, rounds = now, [2]int{}
		}
		if side == core.Axis || side == core.Soviet {
			rounds[side]++
			if rounds[core.Axis]+rounds[core.Soviet] > MaxStall {
				s := core.Axis
				if rounds[core.Soviet] > rounds[core.Axis] {
					s = core.Soviet
				}
				return &StallError{Side: s, Player: playerName(player(players, s)), Phase: g.Phase().ID, Rounds: rounds[s]}
			}
		}
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
