package game

import "gpw/core"

// SetupPositions are the hexes of the scenario's setup units on the map
// now, by unit id: the position a designer laid out, for
// scenario.ExportSetup.
func (g *Game) SetupPositions() map[string]string {
	at := map[string]string{}
	for _, t := range g.Sc.Setup {
		for _, id := range t.Units {
			if k, ok := g.S.UnitByID(id); ok && g.S.Units[k].Status == core.OnMap {
				at[id] = g.S.Map.ID(g.S.Units[k].Hex)
			}
		}
	}
	return at
}
