package main

import (
	"gpw/core"
	"gpw/game"
	"gpw/mapgen"
)

// situation is what a drawing of game g's position shows over the map:
// control, the front, the closed areas and the turn.
func situation(g *game.Game) mapgen.Situation {
	s := mapgen.Situation{Control: g.Position().Control, Title: g.TurnName(g.Turn().Index)}
	for _, side := range []core.Side{core.Axis, core.Soviet} {
		s.Closed[side] = g.ClosedTo(side)
	}
	return s
}

// drawnMap is the drawing of a game's map: the named map's file when the
// game's map is it unchanged (rivers keep their names), else the game's
// own map (a scenario's towns, regions and fortifications added to it).
func drawnMap(m *core.Map) *mapgen.Compiled {
	c := namedMap(m)
	if c.Map != m {
		own := *c
		own.Map = m
		return &own
	}
	return c
}
