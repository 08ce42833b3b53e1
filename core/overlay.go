package core

import "slices"

// Fortify marks hexes as fortified: a battle there counts the defender's
// hex as a fortress (a scenario's [[fortification]] lines). The set is
// the map's own: fortify a copy (Overlay) of a shared map.
func (m *Map) Fortify(hexes []int) {
	if m.Fortified == nil {
		m.Fortified = NewBitset(m.Len())
	}
	for _, h := range hexes {
		m.Fortified.Set(h)
	}
}

// IsFortified reports whether hex h is fortified.
func (m *Map) IsFortified(h int) bool { return m.Fortified != nil && m.Fortified.Has(h) }

// Overlay returns a copy of m whose cities, regions, fortifications and
// control may be added to or changed without changing m (a scenario's
// additions to a shared map). The terrain, grid and rails stay shared.
func (m *Map) Overlay() *Map {
	c := *m
	c.Cities = slices.Clone(m.Cities)
	c.CityAt = slices.Clone(m.CityAt)
	c.Regions = slices.Clone(m.Regions)
	for i := range c.Regions {
		c.Regions[i].Hexes = slices.Clone(m.Regions[i].Hexes)
	}
	c.Control = slices.Clone(m.Control)
	if m.Fortified != nil {
		c.Fortified = slices.Clone(m.Fortified)
	}
	return &c
}
