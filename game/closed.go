package game

import "gpw/core"

// ClosedTo is the hexes side's units may not enter: the rules' closed
// areas (R.closed) and the scenario's [closed] together (nil for none).
func (g *Game) ClosedTo(side core.Side) core.Bitset {
	if side != core.Axis && side != core.Soviet {
		return nil
	}
	return g.fix.closed[side]
}
