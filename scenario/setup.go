package scenario

import (
	"fmt"
	"slices"
	"strings"

	"gpw/core"
)

// SetupSpec is a [[setup]] table: units placed at the start. With hex,
// hexes or city the units stand there; otherwise each player places them
// in the setup step (place UNIT HEX) within the area the keys describe,
// all of which must hold: region, country, near+radius, front (depth), and
// always a land hex the side controls (GDW: Beginning Play).
type SetupSpec struct {
	Name    string   `toml:"name"` // the force pool's name (ADC2); region or country by default
	Side    string   `toml:"side"`
	Region  string   `toml:"region"`
	Country string   `toml:"country"`
	Near    string   `toml:"near"`   // a city name or hex id
	Radius  int      `toml:"radius"` // hexes from near
	Front   int      `toml:"front"`  // hexes from the [front] line (its depth)
	Hex     string   `toml:"hex"`
	Hexes   []string `toml:"hexes"` // one per unit, in order
	City    string   `toml:"city"`
	Units   []string `toml:"units"`
	Reduced []string `toml:"reduced"` // units of this table that start at half strength

	Line  int         `toml:"-"`
	File  string      `toml:"-"`
	Area  core.Bitset `toml:"-"` // where its units may be placed (nil for fixed hexes)
	SideV core.Side   `toml:"-"`
	raw   core.Bitset // the land hexes its keys name, whoever holds them
}

// Bound reports whether the units of this table are placed in the setup step.
func (s *SetupSpec) Bound() bool { return s.Area != nil }

// checkSetups resolves every [[setup]] table: its side, its area or fixed
// hexes, and that each unit is placed once.
func checkSetups(src *source, sc *Scenario, x *expander) {
	m := sc.Map
	if x != nil {
		x.setup = map[string]bool{}
	}
	fixed := core.NewBitset(m.Len())
	for i := range sc.Setup {
		g := &sc.Setup[i]
		if x == nil {
			src.errorf(g.Line, "setup needs a unit catalogue: add units = \"gdw\"")
			return
		}
		side := core.NoSide
		if g.Side != "" {
			s, err := core.ParseSide(g.Side)
			if err != nil {
				src.errorf(src.find(g.Line-1, "side"), "setup: %v", err)
			}
			side = s
		}
		if len(g.Units) == 0 {
			src.errorf(g.Line, "setup lists no units")
			continue
		}
		var us []*UnitSpec
		for _, id := range g.Units {
			line := func() int { return src.find(g.Line-1, `"`+id+`"`) }
			if x.setup[id] {
				src.errorfAt(line, "unit %s is set up twice: each unit is placed once", id)
				continue
			}
			u := x.use(src, g.Line, id)
			if u == nil {
				continue
			}
			x.setup[id] = true
			if side == core.NoSide {
				side = u.SideOf()
			}
			if u.SideOf() != side {
				src.errorfAt(line, "unit %s is %s; this setup is for the %s side", id, u.Side, side)
			}
			us = append(us, u)
		}
		g.SideV = side
		for _, id := range g.Reduced {
			found := false
			for _, u := range us {
				if u.ID == id {
					u.Reduced, found = true, true
				}
			}
			if !found {
				src.errorf(src.find(g.Line-1, `"`+id+`"`), "reduced: %s is not one of this setup's units", id)
			}
		}
		hexOf := func(ref string) int {
			h, err := PlaceHex(m, ref)
			if err != nil {
				src.errorf(src.find(g.Line-1, `"`+ref+`"`), "setup: %v", err)
				return -1
			}
			return h
		}
		var hexes []string
		switch {
		case g.Hex != "":
			hexes = []string{g.Hex}
		case g.City != "":
			hexes = []string{g.City}
		case len(g.Hexes) > 0:
			hexes = g.Hexes
		}
		if hexes != nil {
			if len(hexes) != len(us) {
				src.errorf(g.Line, "setup gives %d hex(es) for %d unit(s): one each", len(hexes), len(us))
				continue
			}
			for k, ref := range hexes {
				h := hexOf(ref)
				if h < 0 {
					continue
				}
				if m.Terrain[h].Water() {
					src.errorf(src.find(g.Line-1, `"`+ref+`"`), "setup: %s is a %s hex", ref, m.Terrain[h])
					continue
				}
				combat := !sc.Kinds.NonCombat[us[k].Kind] // a leader or an air unit shares a hex
				if fixed.Has(h) && combat {
					src.errorf(src.find(g.Line-1, `"`+ref+`"`), "setup: two units are set up in %s", m.ID(h))
				}
				if c := m.Control[h]; c != side && side != core.NoSide {
					holder := "neutral"
					if c != core.NoSide {
						holder = "held by the " + c.String() + " side (behind enemy lines)"
					}
					src.errorf(src.find(g.Line-1, `"`+ref+`"`), "setup: %s (%s) is %s at the start; a %s unit is set up on a hex its side controls (GDW: Beginning Play)", ref, m.ID(h), holder, side)
				} else if cl := sc.closedTo(side); cl != nil && cl.Has(h) {
					src.errorf(src.find(g.Line-1, `"`+ref+`"`), "setup: %s (%s) is closed to %s units ([closed])", ref, m.ID(h), side)
				}
				if combat {
					fixed.Set(h)
				}
				us[k].Hex = m.ID(h)
			}
			continue
		}
		// raw: the hexes the keys name, before control and closed areas
		// are taken out (what explains an empty area)
		area := core.NewBitset(m.Len())
		for h := 0; h < m.Len(); h++ {
			if m.OnMap[h] && !m.Terrain[h].Water() {
				area.Set(h)
			}
		}
		and := func(keep func(h int) bool) {
			for h := 0; h < m.Len(); h++ {
				if area.Has(h) && !keep(h) {
					area.Unset(h)
				}
			}
		}
		if g.Region != "" {
			if r, ok := m.Region(g.Region); ok {
				and(r.Hexes.Has)
			} else {
				var names []string
				for _, r := range m.Regions {
					names = append(names, r.Name)
				}
				src.errorf(src.find(g.Line-1, "region"), "setup: map %s has no region %q%s", m.Name, g.Region, didYouMean(g.Region, names, "regions"))
				continue
			}
		}
		if g.Country != "" {
			found := false
			for _, c := range m.Countries {
				found = found || strings.EqualFold(c, g.Country)
			}
			if !found {
				src.errorf(src.find(g.Line-1, "country"), "setup: map %s has no country %q%s", m.Name, g.Country, didYouMean(g.Country, m.Countries, "countries"))
				continue
			}
			and(func(h int) bool { return strings.EqualFold(m.CountryOf(h), g.Country) })
		}
		if g.Near != "" {
			c := hexOf(g.Near)
			if c < 0 {
				continue
			}
			and(func(h int) bool { return m.Distance(h, c) <= g.Radius })
		}
		if g.Front > 0 {
			if sc.Front == nil || sc.Front.Dist == nil {
				if sc.Front == nil { // a [front] that failed has said why
					src.errorf(src.find(g.Line-1, "front"), "setup: front = %d needs a [front] table", g.Front)
				}
				continue
			}
			d := sc.Front.Dist
			if side == core.Soviet {
				and(func(h int) bool { return d[h] >= 0 && d[h] < g.Front })
			} else {
				and(func(h int) bool { return d[h] >= 1 && d[h] <= g.Front })
			}
		}
		g.raw = slices.Clone(area)
		closed := sc.closedTo(side)
		and(func(h int) bool { return m.Control[h] == side && (closed == nil || !closed.Has(h)) })
		for _, u := range us {
			u.Setup = i + 1
			u.Pool = g.PoolName()
		}
		g.Area = area
	}
	// enough room for every table's units together, fixed hexes taken out
	checkRoom(src, sc, x, fixed)
}

// PoolName is the force pool a setup table stands for (ADC2: Game Setup).
func (g *SetupSpec) PoolName() string {
	switch {
	case g.Name != "":
		return g.Name
	case g.Region != "":
		return g.Region
	case g.Country != "":
		return g.Country
	case g.Near != "":
		return "near " + g.Near
	case g.Front > 0:
		return g.SideV.String() + " front"
	}
	return g.SideV.String() + " setup"
}

// PlaceHex finds a place: a city name ("Kursk"), a hex id ("A-1203"), or
// either followed by @DIR:N, N hexes from it in direction DIR (N, NE, SE,
// S, SW, NW), e.g. "Kursk@NW:2".
func PlaceHex(m *core.Map, ref string) (int, error) {
	base, off, hasOff := strings.Cut(ref, "@")
	h := -1
	if c, ok := m.FindCity(base); ok {
		h = c.Hex
	} else if i, err := m.ParseHex(base); err == nil {
		h = i
	} else {
		return -1, fmt.Errorf("%q is neither a city of map %s nor a hex%s", base, m.Name, didYouMean(base, cityNames(m), ""))
	}
	if !hasOff {
		return h, nil
	}
	return m.Offset(h, off)
}
