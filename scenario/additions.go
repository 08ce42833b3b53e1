package scenario

import (
	"strings"

	"gpw/core"
)

// Additions a scenario makes to its map in its own file, without a copy
// of the map (docs/scenarios.md): towns, regions, fortified lines and the
// areas closed to a side. Every hex may be given as a place: a hex id, a
// city name (one the scenario adds too), either with @DIR:N.
//
//	[[city]]                     # a town the map lacks
//	name = "Mozhaisk"
//	hex = "Moscow@W:2"
//	kind = "minor"
//
//	[[region]]                   # a named area for setups and closed
//	name = "Mozhaisk line"
//	hexes = ["Mozhaisk", "Mozhaisk@N:1"]
//
//	[[fortification]]            # hexes that count as a fortress for the defender
//	name = "Mozhaisk line"
//	hexes = ["Mozhaisk", "Mozhaisk@N:1"]
//
//	[closed]                     # countries or regions a side may not enter
//	soviet = ["Finland"]
type additions struct {
	City          []CitySpec          `toml:"city"`
	Region        []AreaSpec          `toml:"region"`
	Fortification []AreaSpec          `toml:"fortification"`
	Closed        map[string][]string `toml:"closed"`
}

func (a *additions) empty() bool {
	return len(a.City) == 0 && len(a.Region) == 0 && len(a.Fortification) == 0 && len(a.Closed) == 0
}

// tooMany refuses more tables than a map may hold, before any work.
func (a *additions) tooMany(src *source) bool {
	for _, t := range []struct {
		name string
		n    int
		max  int
	}{{"city", len(a.City), MaxCities}, {"region", len(a.Region), MaxTables}, {"fortification", len(a.Fortification), MaxTables}} {
		if t.n > t.max {
			src.errorf(src.header(t.name, t.max)+1, "%d [[%s]] tables; a scenario may add at most %d", t.n, t.name, t.max)
			return true
		}
	}
	return false
}

// addToMap applies the scenario's additions to its own copy of the map.
func addToMap(src *source, sc *Scenario, a *additions) {
	if a.empty() || a.tooMany(src) {
		return
	}
	m := sc.Map.Overlay()
	sc.Map = m
	place := func(line int, what, ref string) int {
		h, err := PlaceHex(m, ref)
		if err != nil {
			src.errorf(quotedLine(src, line, ref), "%s: %v", what, err)
			return -1
		}
		if !m.OnMap[h] {
			src.errorf(quotedLine(src, line, ref), "%s: %s is off the map", what, ref)
			return -1
		}
		return h
	}
	for i, c := range a.City {
		line := src.header("city", i) + 1
		if c.Name == "" {
			src.errorf(line, "city: give its name")
			continue
		}
		kind := core.Minor
		if c.Kind != "" {
			k, err := core.ParseCityKind(c.Kind)
			if err != nil {
				src.errorf(src.key("city", i, "kind"), "city %s: %v", c.Name, err)
				continue
			}
			kind = k
		}
		capital := core.NoSide
		if c.Capital != "" {
			s, err := core.ParseSide(c.Capital)
			if err != nil {
				src.errorf(src.key("city", i, "capital"), "city %s: capital: %v", c.Name, err)
				continue
			}
			capital = s
		}
		if _, dup := m.FindCity(c.Name); dup {
			src.errorf(src.key("city", i, "name"), "city %s: map %s already has a city of that name", c.Name, m.Name)
			continue
		}
		h := place(line, "city "+c.Name, c.Hex)
		if h < 0 {
			continue
		}
		if m.Terrain[h].Water() {
			src.errorf(src.key("city", i, "hex"), "city %s: %s is a %s hex", c.Name, c.Hex, m.Terrain[h])
			continue
		}
		if err := m.AddCity(core.City{Name: c.Name, Aliases: c.Aliases, Kind: kind, Capital: capital, Hex: h}); err != nil {
			src.errorf(src.key("city", i, "hex"), "city %s: %v", c.Name, err)
		}
	}
	areas := func(list []AreaSpec, table string, add func(name string, hexes []int)) {
		for i, r := range list {
			line := src.header(table, i) + 1
			if r.Name == "" {
				src.errorf(line, "%s: give its name", table)
				continue
			}
			if len(r.Hexes) == 0 {
				src.errorf(line, "%s %s: list its hexes", table, r.Name)
				continue
			}
			var hs []int
			for _, ref := range r.Hexes {
				if h := place(line, table+" "+r.Name, ref); h >= 0 {
					if m.Terrain[h].Water() {
						src.errorf(quotedLine(src, line, ref), "%s %s: %s is a %s hex", table, r.Name, ref, m.Terrain[h])
						continue
					}
					hs = append(hs, h)
				}
			}
			add(r.Name, hs)
		}
	}
	areas(a.Region, "region", m.AddRegion)
	areas(a.Fortification, "fortification", func(_ string, hs []int) { m.Fortify(hs) })
	sc.Fortifications = a.Fortification
	line := src.find(0, "[closed]")
	for _, key := range sortedKeys(a.Closed) {
		side, err := core.ParseSide(key)
		if err != nil {
			src.errorf(orLine(src.key("closed", 0, key), line), "closed: %v", err)
			continue
		}
		set := core.NewBitset(m.Len())
		for _, name := range a.Closed[key] {
			canon, ok := areaName(m, name)
			if !ok {
				var names []string
				names = append(names, m.Countries...)
				for _, r := range m.Regions {
					names = append(names, r.Name)
				}
				src.errorf(quotedLine(src, line, name), "closed.%s: %q is neither a country nor a region of map %s%s", key, name, m.Name, didYouMean(name, names, "countries and regions"))
				continue
			}
			sc.Closed[side] = append(sc.Closed[side], canon)
			for h := range m.Len() {
				if m.CountryOf(h) == canon {
					set.Set(h)
				}
			}
			if r, ok := m.Region(canon); ok {
				r.Hexes.Each(set.Set)
			}
		}
		sc.closedHexes[side] = set
	}
}

// areaName finds a country or region by name, in any case: its name as
// the map spells it.
func areaName(m *core.Map, name string) (string, bool) {
	for _, c := range m.Countries {
		if strings.EqualFold(c, name) {
			return c, true
		}
	}
	if r, ok := m.Region(name); ok {
		return r.Name, true
	}
	return "", false
}

// quotedLine is the line of "s" from the line of its table's header
// (line-1) on, else line.
func quotedLine(src *source, line int, s string) int {
	return orLine(src.find(line-1, `"`+s+`"`), line)
}

func orLine(l, other int) int {
	if l > 0 {
		return l
	}
	return other
}

// ClosedHexes is the hexes the scenario's [closed] table closes to side
// (nil for none).
func (sc *Scenario) ClosedHexes(side core.Side) core.Bitset { return sc.closedTo(side) }
