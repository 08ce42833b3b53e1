package game

import (
	"fmt"
	"math/rand/v2"

	"gpw/core"
	"gpw/interp"
)

// Commands lists every command the actions allow, in a fixed order: each
// unit's moves and rail moves, each attack (by all the units that may
// join it), placements, rebuilds, the decision's options, the module
// commands' listed uses, then end.
func (a *Actions) Commands() []Command {
	var out []Command
	for _, by := range [...]struct {
		verb  Verb
		units []UnitMoves
	}{{VerbMove, a.Moves}, {VerbRail, a.Rail}} {
		for _, m := range by.units {
			for _, d := range m.Dest {
				c := Cmd(by.verb)
				c.Unit, c.Hex = m.Unit, d.Hex
				out = append(out, c)
			}
		}
	}
	for _, t := range a.Attacks {
		c := Cmd(VerbAttack)
		c.Hex, c.From = t.Hex, t.Attackers
		out = append(out, c)
	}
	for _, p := range a.Place {
		for _, h := range p.Hexes {
			c := Cmd(VerbPlace)
			c.Unit, c.Hex = p.Unit, h
			out = append(out, c)
		}
	}
	for _, r := range a.Rebuild {
		if r.OnMap {
			c := Cmd(VerbRebuild)
			c.Unit = r.Unit
			out = append(out, c)
		}
		for _, h := range r.Hexes {
			c := Cmd(VerbRebuild)
			c.Unit, c.Hex = r.Unit, h
			out = append(out, c)
		}
	}
	if a.Decision != nil {
		for _, o := range a.Decision.Options {
			out = append(out, o.Command)
		}
	}
	out = append(out, a.ModuleCommands()...)
	if a.End {
		out = append(out, Cmd(VerbEnd))
	}
	return out
}

// RandomPlayer plays uniformly at random among the legal actions: the
// engine's own fuzzer, and the weakest computer player. Its choices come
// from its own random stream, apart from the dice.
type RandomPlayer struct {
	Side core.Side
	rng  *rand.Rand
}

// NewRandomPlayer makes a random player for side, seeded apart from the
// game's dice.
func NewRandomPlayer(side core.Side, seed uint64) *RandomPlayer {
	return &RandomPlayer{Side: side, rng: rand.New(rand.NewPCG(seed, 0x5eed0f+uint64(side)))}
}

// Play plays the side's commands until the other side must act or the
// game is over. A decision that belongs to the other side (stand, under
// GDW, is the defender's) is left to it.
func (p *RandomPlayer) Play(g *Game) error {
	for !g.Over() && g.Actor() == p.Side {
		c, ok, err := p.choose(g)
		if err != nil {
			return err
		}
		if !ok {
			return nil
		}
		if err := g.Do(p.Side, c); err != nil {
			return err
		}
	}
	return nil
}

// choose picks a command uniformly among the legal ones: it draws among
// the candidates and checks the one drawn (a move's or rail move's
// destination against the rules' hooks), drawing again without it when it
// fails — the same odds as drawing among the checked list, for far fewer
// hook calls. A failure of the rules module met while listing or
// checking is returned, never played around.
func (p *RandomPlayer) choose(g *Game) (Command, bool, error) {
	a := g.ActionsWith(ActionOpts{Unchecked: true})
	if a.Error != "" {
		return Command{}, false, fmt.Errorf("the rules module failed while the %s player's actions were listed: %s", p.Side, a.Error)
	}
	var mine []Command
	for _, c := range a.Commands() {
		if own := g.owner(c); own == p.Side || own == core.NoSide {
			mine = append(mine, c)
		}
	}
	for len(mine) > 0 {
		i := p.rng.IntN(len(mine))
		c := mine[i]
		if c.Verb != VerbMove && c.Verb != VerbRail {
			return c, true, nil
		}
		err := g.Check(p.Side, c)
		if err == nil {
			return c, true, nil
		}
		if !IsRefusal(err) {
			return Command{}, false, err
		}
		mine[i] = mine[len(mine)-1]
		mine = mine[:len(mine)-1]
	}
	return Command{}, false, nil
}

// Player plays one side: Play runs that side's commands until the other
// side must act or the game is over.
type Player interface {
	Play(g *Game) error
}

// PlayOut lets the players play the game until it is over or turns
// (counted from the scenario's start; 0 for all) have been played. A nil
// player's side ends its phases and settles its decisions by the
// documented defaults.
func PlayOut(g *Game, axis, soviet Player, turns int) error {
	return Play(g, [2]Player{axis, soviet}, g.turnsPlayed(turns))
}

// turnsPlayed is a stop for Play: true once turns turns from the
// scenario's start have been played (never for turns <= 0).
func (g *Game) turnsPlayed(turns int) func() bool {
	return func() bool { return turns > 0 && g.turn >= g.fix.start+turns }
}

// defaultCommand is what a side that does nothing does: finish its setup,
// settle a decision by the documented default, place its reinforcements,
// or end the phase.
func (g *Game) defaultCommand() Command {
	switch {
	case g.setupStep != nil && len(g.toPlace(g.SetupSide())) > 0:
		return Cmd(VerbPlace, "auto")
	case len(g.steps) > 0:
		return g.defaultDecision(g.steps[0])
	case g.Phase().Kind == interp.PhaseReinforcement && g.canPlaceAny(g.Phase().Side):
		return Cmd(VerbPlace, "auto")
	}
	return Cmd(VerbEnd)
}

// canPlaceAny reports whether a waiting reinforcement of side has a hex
// to enter.
func (g *Game) canPlaceAny(side core.Side) bool {
	for _, k := range g.Waiting(side) {
		if len(g.PlaceHexes(k)) > 0 {
			return true
		}
	}
	return false
}
