package game

import "gpw/interp"

// MoveDests lists unit k's legal destinations in this movement phase,
// each with its cost and (paths true) its path: the entry Actions lists
// for k, worked out alone (the module's command uses are not listed). It
// is nil when k may not move now. The error is a failure of the rules
// module met while listing; destinations it hid are missing.
func (g *Game) MoveDests(k int, paths bool) (*UnitMoves, error) { return g.moveDests(k, paths, false) }

// MoveDestsAlone is MoveDests without the hexes where a combat unit of
// k's side stands (which k could only share, where rules let a move
// share a hex for now): cheaper where asking whether the friend could
// still leave costs the rules' checks.
func (g *Game) MoveDestsAlone(k int, paths bool) (*UnitMoves, error) {
	return g.moveDests(k, paths, true)
}

func (g *Game) moveDests(k int, paths, alone bool) (*UnitMoves, error) {
	if k < 0 || k >= len(g.S.Units) || g.ready() != nil || g.Phase().Kind != interp.PhaseMove {
		return nil, nil
	}
	defer g.Rules.Hold()()
	g.shareMemo = map[int]bool{} // the position does not change while listing
	defer func() { g.shareMemo = nil }()
	var um *UnitMoves
	err := g.failures(func() { um = g.movesWhere(k, paths, true, alone) })
	return um, err
}
