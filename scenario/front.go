package scenario

import (
	"slices"

	"gpw/core"
)

// FrontSpec is the [front] table: the line of contact as places the Soviet
// side holds, north to south (city names or hex ids). The line runs
// straight between them and on from its ends to the map's north and south
// edges (stopping at water when extend_to_water is set). Every land hex
// the Axis edge reaches without crossing the line or water becomes Axis
// controlled, every other land hex Soviet (neutral hexes stay neutral).
type FrontSpec struct {
	Places []string `toml:"places"`
	// StopAtWater ends each extension at the first water hex.
	StopAtWater bool `toml:"stop_at_water"`
	// AxisAreas are places the Axis holds that its edge cannot reach over
	// land (Finland): the land around them joins the Axis side too.
	AxisAreas []string `toml:"axis_areas"`
	// AxisHexes and SovietHexes set the control of single hexes after the
	// line: pockets and bridgeheads (Sevastopol in Jun 1942).
	AxisHexes   []string `toml:"axis_hexes"`
	SovietHexes []string `toml:"soviet_hexes"`

	Hexes core.Bitset `toml:"-"` // the line's hexes
	Dist  []int       `toml:"-"` // each hex's distance in hexes from the line over land, -1 unreachable
}

// buildFront draws the [front] line and sets control on both sides of it,
// in the scenario's own copy of the map's control (the map may be shared).
func buildFront(src *source, sc *Scenario) {
	own := *sc.Map
	own.Control = slices.Clone(own.Control)
	sc.Map = &own
	m, f := sc.Map, sc.Front
	line := src.find(0, "[front]")
	if len(f.Places) < 2 {
		src.errorf(line, "front: give at least two places, north to south")
		return
	}
	var pts []int
	for _, p := range f.Places {
		h, err := PlaceHex(m, p)
		if err != nil {
			src.errorf(src.find(line-1, `"`+p+`"`), "front: %v", err)
			return
		}
		pts = append(pts, h)
	}
	f.Hexes = core.NewBitset(m.Len())
	add := func(h int) { f.Hexes.Set(h) }
	for i := 0; i+1 < len(pts); i++ {
		for _, hx := range m.Hex(pts[i]).Line(m.Hex(pts[i+1])) {
			if h := m.Index(hx); h >= 0 {
				add(h)
			}
		}
	}
	extendLine := func(h int, d core.Dir) {
		for {
			n := int(m.Nbr[h][d])
			if n < 0 || (f.StopAtWater && m.Terrain[n].Water()) {
				return
			}
			add(n)
			h = n
		}
	}
	extendLine(pts[0], core.N)
	extendLine(pts[len(pts)-1], core.S)
	// the Axis side: what the Axis edge reaches over land without crossing
	// the line, water or a lake/sea hexside
	axis := core.NewBitset(m.Len())
	var queue []int
	for _, h := range m.Edge[core.Axis] {
		if !f.Hexes.Has(h) && !m.Terrain[h].Water() {
			axis.Set(h)
			queue = append(queue, h)
		}
	}
	for _, p := range f.AxisAreas {
		h, err := PlaceHex(m, p)
		if err != nil {
			src.errorf(src.find(line-1, `"`+p+`"`), "front: axis_areas: %v", err)
			continue
		}
		if !f.Hexes.Has(h) && !axis.Has(h) {
			axis.Set(h)
			queue = append(queue, h)
		}
	}
	spread(m, queue, func(h, n int, d core.Dir) bool {
		if axis.Has(n) || f.Hexes.Has(n) || m.Terrain[n].Water() || m.WaterSide[h]&(1<<d) != 0 {
			return false
		}
		axis.Set(n)
		return true
	})
	for _, h := range m.Edge[core.Soviet] {
		if axis.Has(h) {
			src.errorf(line, "front: the line does not divide the map: the Axis side reaches the Soviet edge at %s", m.ID(h))
			return
		}
	}
	for h := 0; h < m.Len(); h++ {
		if !m.OnMap[h] || m.Terrain[h].Water() || m.Control[h] == core.NoSide {
			continue
		}
		if axis.Has(h) {
			m.Control[h] = core.Axis
		} else {
			m.Control[h] = core.Soviet
		}
	}
	for _, t := range []struct {
		key  string
		refs []string
		side core.Side
	}{{"axis_hexes", f.AxisHexes, core.Axis}, {"soviet_hexes", f.SovietHexes, core.Soviet}} {
		for _, p := range t.refs {
			h, err := PlaceHex(m, p)
			if err != nil {
				src.errorf(src.find(line-1, `"`+p+`"`), "front: %s: %v", t.key, err)
				continue
			}
			m.Control[h] = t.side
		}
	}
	// distance from the line over land
	f.Dist = make([]int, m.Len())
	for i := range f.Dist {
		f.Dist[i] = -1
	}
	queue = queue[:0]
	f.Hexes.Each(func(h int) {
		if !m.Terrain[h].Water() {
			f.Dist[h] = 0
			queue = append(queue, h)
		}
	})
	spread(m, queue, func(h, n int, _ core.Dir) bool {
		if f.Dist[n] >= 0 || m.Terrain[n].Water() {
			return false
		}
		f.Dist[n] = f.Dist[h] + 1
		return true
	})
}

// spread walks the map breadth first from the hexes in queue: step says
// whether to go on from hex h to its neighbour n (in direction d), and
// marks n.
func spread(m *core.Map, queue []int, step func(h, n int, d core.Dir) bool) {
	for len(queue) > 0 {
		h := queue[0]
		queue = queue[1:]
		for d := core.N; d <= core.NW; d++ {
			if n := int(m.Nbr[h][d]); n >= 0 && step(h, n, d) {
				queue = append(queue, n)
			}
		}
	}
}
