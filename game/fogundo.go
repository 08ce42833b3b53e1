package game

// fogundo.go: undo's wall of hidden information. Under a module with
// R.fog, a command after which the side that gave it sees an enemy unit
// it did not see before cannot be undone, nor anything before it: a side
// may not look behind the fog and take the look back (issue 22; the
// refusal cites the fog's rule).

import (
	"fmt"

	"gpw/core"
)

// fogWatch is what the sides watched saw of the enemy before a command.
type fogWatch struct {
	sides []core.Side
	seen  [2]core.Bitset // by side: the enemy units seen in full
	n     int            // the units then
}

// watchFog notes what side (core.NoSide: both sides) sees of the enemy
// before a command; nil when the game has no fog or keeps no undo steps.
func (g *Game) watchFog(side core.Side) *fogWatch {
	if g.Opts.NoUndo || g.Fog() == nil {
		return nil
	}
	w := &fogWatch{sides: []core.Side{side}, n: len(g.S.Units)}
	if side != core.Axis && side != core.Soviet {
		w.sides = []core.Side{core.Axis, core.Soviet}
	}
	for _, s := range w.sides {
		v := g.SightOf(s)
		w.seen[s] = core.NewBitset(len(g.S.Units))
		for k := range g.S.Units {
			if g.S.Units[k].Side != s && v.Sees(k) {
				w.seen[s].Set(k)
			}
		}
	}
	return w
}

// revealed names the first watched side that now sees an enemy unit it
// did not see before the command (core.NoSide: none).
func (w *fogWatch) revealed(g *Game) core.Side {
	if w == nil {
		return core.NoSide
	}
	for _, s := range w.sides {
		v := g.SightOf(s)
		for k := range g.S.Units {
			if g.S.Units[k].Side != s && (k >= w.n || !w.seen[s].Has(k)) && v.Sees(k) {
				return s
			}
		}
	}
	return core.NoSide
}

// fogWall is the reason undo stops at a command that lifted the fog.
func (g *Game) fogWall(side core.Side, text string) string {
	return fmt.Sprintf("%q showed the %s player an enemy unit it had not seen: neither it nor the commands before it can be undone", text, side)
}

// UndoRule is the rule an undo refused now cites: the fog's rule when
// the last command lifted the fog, else the rules' undo rule.
func (g *Game) UndoRule() string {
	if len(g.undo) == 0 && !g.undoCut && g.undoFog != "" {
		return g.Fog().Rule
	}
	return g.Rules.CiteRule("undo")
}
