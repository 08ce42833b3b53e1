package game

import (
	"fmt"
	"sort"

	"gpw/core"
	"gpw/interp"
)

// The Game is the rules modules' world (interp.World): what they may read
// and change, by unit and hex ids.
var _ interp.World = (*Game)(nil)

// UnitInfo describes unit id.
func (g *Game) UnitInfo(id string) (interp.UnitInfo, bool) {
	k, ok := g.S.UnitByID(id)
	if !ok {
		return interp.UnitInfo{}, false
	}
	return g.unitInfo(k), true
}

// UnitIDs lists the ids of side's units with the status, in scenario order.
func (g *Game) UnitIDs(side, status string) []string {
	var out []string
	for k := range g.S.Units {
		u := &g.S.Units[k]
		if (side == "" || u.Side.String() == side) && (status == "" || u.Status.String() == status) {
			out = append(out, u.ID)
		}
	}
	return out
}

// UnitsAt lists every unit in a hex, combat unit first.
func (g *Game) UnitsAt(hex string) []string {
	h, err := g.S.Map.ParseHex(hex)
	if err != nil {
		return nil
	}
	var out []string
	if k := g.S.Occupant(h); k >= 0 {
		out = append(out, g.S.Units[k].ID)
	}
	for k := range g.S.Units {
		if u := &g.S.Units[k]; u.Status == core.OnMap && u.Hex == h && k != g.S.Occupant(h) {
			out = append(out, u.ID)
		}
	}
	return out
}

// HexFacts describes a hex for rules modules.
func (g *Game) HexFacts(hex string) (interp.HexFacts, bool) {
	m := g.S.Map
	h, err := m.ParseHex(hex)
	if err != nil {
		return interp.HexFacts{}, false
	}
	f := interp.HexFacts{ID: m.ID(h), Terrain: m.Terrain[h].String(), Country: m.CountryOf(h), Control: g.S.Control[h].String(), Rail: m.IsRail(h)}
	if c, ok := m.City(h); ok {
		f.City, f.CityKind = c.Name, c.Kind.String()
		if c.Capital != core.NoSide {
			f.Capital = c.Capital.String()
		}
	}
	for _, r := range m.Regions {
		if r.Hexes.Has(h) {
			f.Regions = append(f.Regions, r.Name)
		}
	}
	if s := g.S.Control[h]; s != core.NoSide {
		f.Edge = m.IsEdge(s, h)
	}
	for _, s := range []core.Side{core.Axis, core.Soviet} {
		if m.IsEdge(s, h) {
			f.EdgeOf = s.String()
		}
	}
	return f, true
}

// Distance is the distance in hexes from a to b, -1 for a bad id.
func (g *Game) Distance(a, b string) int {
	m := g.S.Map
	i, err1 := m.ParseHex(a)
	j, err2 := m.ParseHex(b)
	if err1 != nil || err2 != nil {
		return -1
	}
	return m.Distance(i, j)
}

// Neighbors lists the hexes around a hex, clockwise from north.
func (g *Game) Neighbors(hex string) []string {
	m := g.S.Map
	h, err := m.ParseHex(hex)
	if err != nil {
		return nil
	}
	var out []string
	for _, n := range m.Nbr[h] {
		if n >= 0 {
			out = append(out, m.ID(int(n)))
		}
	}
	return out
}

// InZOC reports whether hex lies in side's zone of control.
func (g *Game) InZOC(side, hex string) bool {
	s, err1 := core.ParseSide(side)
	h, err2 := g.S.Map.ParseHex(hex)
	return err1 == nil && err2 == nil && g.S.ZOC(s, h)
}

// InSupply reports whether unit id was in supply at the start of the phase.
func (g *Game) InSupply(id string) bool {
	k, ok := g.S.UnitByID(id)
	return ok && g.inSupply(k)
}

// Flag returns a rules module's flag on a unit.
func (g *Game) Flag(id, name string) string {
	k, ok := g.S.UnitByID(id)
	if !ok {
		return ""
	}
	return g.flags[k][name]
}

// SetFlag sets (or, with "", clears) a rules module's flag on a unit.
func (g *Game) SetFlag(id, name, value string) error {
	k, ok := g.S.UnitByID(id)
	if !ok {
		return fmt.Errorf("no unit %q", id)
	}
	if g.flags[k] == nil {
		g.flags[k] = map[string]string{}
	}
	if value == "" {
		delete(g.flags[k], name)
	} else {
		g.flags[k][name] = value
	}
	return nil
}

// Flags lists a unit's flags as name=value, sorted.
func (g *Game) Flags(k int) []string {
	var out []string
	for n, v := range g.flags[k] {
		out = append(out, n+"="+v)
	}
	sort.Strings(out)
	return out
}

// SetReduced flips a unit to half (true) or full strength.
func (g *Game) SetReduced(id string, reduced bool) error {
	k, ok := g.S.UnitByID(id)
	if !ok {
		return fmt.Errorf("no unit %q", id)
	}
	if reduced && !g.S.Units[k].HasHalf() {
		return fmt.Errorf("%s has no half-strength side", id)
	}
	g.S.Units[k].Reduced = reduced
	return nil
}

// Relocate moves a unit on the map to hex without movement rules.
func (g *Game) Relocate(id, hex string) error {
	k, h, err := g.unitHex(id, hex)
	if err != nil {
		return err
	}
	u := &g.S.Units[k]
	if u.Status != core.OnMap {
		return fmt.Errorf("%s is not on the map", id)
	}
	if o := g.S.Occupant(h); o >= 0 && o != k && u.Stacks {
		return fmt.Errorf("%s already holds %s", hex, g.S.Units[o].ID)
	}
	g.S.Relocate(k, h)
	return nil
}

// Remove takes a unit off the map: eliminated, withdrawn or removed.
func (g *Game) Remove(id, status string) error {
	k, ok := g.S.UnitByID(id)
	if !ok {
		return fmt.Errorf("no unit %q", id)
	}
	st := map[string]core.Status{"eliminated": core.Eliminated, "withdrawn": core.Withdrawn, "removed": core.Removed, "pending": core.Pending}
	s, ok := st[status]
	if !ok {
		return fmt.Errorf("status %q: expected eliminated, withdrawn, removed or pending", status)
	}
	g.S.Take(k, s)
	g.awaiting[k] = false
	return nil
}

// Place puts a unit that is off the map onto hex.
func (g *Game) Place(id, hex string) error {
	k, h, err := g.unitHex(id, hex)
	if err != nil {
		return err
	}
	g.awaiting[k] = false
	return g.S.Place(k, h)
}

func (g *Game) unitHex(id, hex string) (int, int, error) {
	k, ok := g.S.UnitByID(id)
	if !ok {
		return -1, -1, fmt.Errorf("no unit %q", id)
	}
	h, err := g.S.Map.ParseHex(hex)
	return k, h, err
}

// Emit prints an event for a rules module; fields alternate key, value.
func (g *Game) Emit(kind, text string, kv []string) {
	var fs []Field
	for i := 0; i+1 < len(kv); i += 2 {
		fs = append(fs, Field{kv[i], kv[i+1]})
	}
	g.emit(kind, text, fs...)
}

// Points returns side's replacement points left this phase.
func (g *Game) Points(side string) int {
	s, err := core.ParseSide(side)
	if err != nil {
		return 0
	}
	return g.points[s]
}

// SetPoints sets side's replacement points.
func (g *Game) SetPoints(side string, n int) {
	if s, err := core.ParseSide(side); err == nil {
		g.points[s] = n
	}
}

// PhaseID is the current phase's id.
func (g *Game) PhaseID() string { return g.Phase().ID }

// BattleUnits names the defender and attackers of the battle under way.
func (g *Game) BattleUnits() (string, []string) {
	if g.battle == nil {
		return "", nil
	}
	return g.S.Units[g.battle.def].ID, g.unitIDs(g.battle.attackers)
}

// CanRetreat reports whether the defender of the battle has a legal retreat.
func (g *Game) CanRetreat(n int) bool {
	return g.battle != nil && g.alive(g.battle.def) && len(g.retreats(n)) > 0
}

// Hexside describes the side between adjacent hexes a and b: a river,
// water (lake or sea; the Straits of Kerch count as water too), the
// straits. False when they are not adjacent.
func (g *Game) Hexside(a, b string) (interp.HexsideFacts, bool) {
	m := g.S.Map
	i, err1 := m.ParseHex(a)
	j, err2 := m.ParseHex(b)
	if err1 != nil || err2 != nil {
		return interp.HexsideFacts{}, false
	}
	d, adj := m.Adjacent(i, j)
	if !adj {
		return interp.HexsideFacts{}, false
	}
	bit := uint8(1) << d
	return interp.HexsideFacts{River: m.River[i]&bit != 0, Water: m.WaterSide[i]&bit != 0, Strait: m.Strait[i]&bit != 0}, true
}

// RetreatZOC is the fewest enemy zones of control that a legal retreat of
// n hexes by the battle's defender enters; -1 when it has none.
func (g *Game) RetreatZOC(n int) int {
	if g.battle == nil || !g.alive(g.battle.def) {
		return -1
	}
	least := -1
	for _, r := range g.retreats(n) {
		if least < 0 || r.ZOC < least {
			least = r.ZOC
		}
	}
	return least
}

// Pools lists the scenario's named force pools ([[pool]]), in file order.
func (g *Game) Pools() []interp.PoolInfo {
	var out []interp.PoolInfo
	for _, p := range g.Sc.PoolSpecs {
		t := -1
		if p.Turn != "" {
			if n, err := g.ParseTurn(p.Turn); err == nil {
				t = n
			}
		}
		out = append(out, interp.PoolInfo{Name: p.Name, Kind: p.Kind, Side: p.Side, Turn: t, Units: append([]string(nil), p.Units...)})
	}
	return out
}

// CityHex finds a city by name: its hex id, or "".
func (g *Game) CityHex(name string) string {
	if c, ok := g.S.Map.FindCity(name); ok {
		return g.S.Map.ID(c.Hex)
	}
	return ""
}

// Moved reports whether unit id has moved (or rail-moved) in this phase.
func (g *Game) Moved(id string) bool {
	k, ok := g.S.UnitByID(id)
	return ok && g.moved[k]
}
