package game

import (
	"slices"

	"gpw/core"
	"gpw/interp"
)

// The validators below are the ones the commands run, for players that
// plan before they command (computer players, a board's highlights).
// Each returns nil when the action would be accepted now, else the
// refusal the command would give; none changes the game.

// Check checks a command as Do would, for side, changing nothing: moves
// and rail moves by the validators of the commands (the rules' hooks
// included), anything else on a clone.
func (g *Game) Check(side core.Side, c Command) error {
	if own := g.owner(c); side != core.NoSide && own != core.NoSide && side != own {
		return g.refuse("phase", "%s: it is the %s player's turn to act, not the %s player's", c.Verb, own, side)
	}
	switch {
	case c.Verb == VerbMove && g.ready() == nil && !g.Rules.ShareUntilMoved:
		if err := g.canMove(c.Unit); err != nil {
			return err
		}
		path := c.Path
		if path == nil {
			p, err := g.pathTo(c.Unit, c.Hex)
			if err != nil {
				return err
			}
			path = p
		}
		_, _, err := g.checkMove(c.Unit, path)
		return err
	case c.Verb == VerbRail && g.ready() == nil:
		_, err := g.checkRail(c.Unit, c.Hex)
		return err
	}
	return g.tryOnCopy(c)
}

// tryOnCopy runs c on a copy of the game (made in reused memory).
func (g *Game) tryOnCopy(c Command) error {
	g.trial = g.CloneTo(g.trial)
	g.trial.Opts.NoUndo = true
	return g.trial.dispatch(&c)
}

// CanMove says whether unit k may move in this movement phase.
func (g *Game) CanMove(k int) error {
	if err := g.ready(); err != nil {
		return err
	}
	return g.canMove(k)
}

// CheckPath checks a move (how "move") or rail move ("rail") of unit k
// along path, start excluded, as the command would.
func (g *Game) CheckPath(k int, path []int, how string) error {
	if err := g.ready(); err != nil {
		return err
	}
	if how == "rail" {
		if len(path) == 0 {
			return g.refuse("path", "an empty rail path")
		}
		p, err := g.checkRail(k, path[len(path)-1])
		if err == nil && !slices.Equal(p, path) {
			return g.refuse("rail-line", "the rail move goes %v, not %v", g.ids(p), g.ids(path))
		}
		return err
	}
	if err := g.canMove(k); err != nil {
		return err
	}
	_, _, err := g.checkMove(k, path)
	return err
}

// CanRail says whether unit k may move by rail now at all.
func (g *Game) CanRail(k int) error {
	if err := g.ready(); err != nil {
		return err
	}
	return g.canRail(k)
}

// RailRoutes are unit k's rail destinations and paths under this phase's
// rail rules (the rules' can_move_path still judges each; CheckPath).
func (g *Game) RailRoutes(k int) *core.RailRoutes {
	return g.S.RailReach(k, g.railOpts(g.S.Units[k].Side))
}

// CanPlace checks placing waiting reinforcement k in hex h (how "place"),
// or bringing back eliminated unit k there with replacement points (how
// "rebuild", which also needs CanRebuild).
func (g *Game) CanPlace(k, h int, how string) error {
	if err := g.ready(); err != nil {
		return err
	}
	if how == "rebuild" {
		return g.placeHex(k, h, how, true)
	}
	if !g.awaiting[k] {
		return g.refuse("place", "%s is not a reinforcement waiting to be placed", g.S.Units[k].ID)
	}
	return g.placeHex(k, h, how, false)
}

// CanRebuild checks a rebuild of unit k apart from the hex (phase,
// reinforcements placed first, the rules' can_rebuild, points) and gives
// its cost.
func (g *Game) CanRebuild(k int) (int, error) {
	if err := g.ready(); err != nil {
		return 0, err
	}
	if err := g.canRebuild(k); err != nil {
		return 0, err
	}
	return g.rebuildCost(k)
}

// ready refuses what needs play to be under way with no battle waiting.
func (g *Game) ready() error {
	switch {
	case g.over:
		return g.refuse("phase", "the game is over")
	case g.setupStep != nil:
		return g.notInSetup()
	case len(g.steps) > 0:
		return g.refuse("decision", "first settle the battle: %s", g.pendingText())
	}
	return nil
}

// Attacked reports whether unit k has attacked in this combat phase.
func (g *Game) Attacked(k int) bool { return g.attacked[k] }

// Defended reports whether unit k has been attacked in this combat phase.
func (g *Game) Defended(k int) bool { return g.defended[k] }

// RailUsed counts the rail moves made in this phase.
func (g *Game) RailUsed() int { return g.railUsed }

// Supplied reports whether unit k was judged in supply at the start of
// the phase (GDW: Supply).
func (g *Game) Supplied(k int) bool { return g.inSupply(k) }

// Trace traces side's supply in the present position, the rules' supply
// sources included, and returns a copy.
func (g *Game) Trace(side core.Side) core.Bitset {
	return append(core.Bitset(nil), g.traceNow(side)...)
}

// RetreatChoices are the legal retreats of the battle's defender for the
// pending retreat step (nil when none is pending).
func (g *Game) RetreatChoices() []core.Retreat {
	if len(g.steps) == 0 || g.steps[0].kind != interp.StepRetreat {
		return nil
	}
	return g.retreats(g.steps[0].n)
}

// BattleHex is the hex attacked in the battle under way (-1 for none).
func (g *Game) BattleHex() int {
	if g.battle == nil {
		return -1
	}
	return g.battle.defHex
}
