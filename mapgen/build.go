package mapgen

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/paulmach/orb"

	"gpw/core"
)

// Compiled is a map built from a Source: the core.Map and the named
// features that the map file keeps apart (rivers and railways by name).
type Compiled struct {
	Map        *core.Map
	Grid       Grid
	Rivers     []River
	Rails      []RailLine
	RailLinks  [][2]int
	WaterSides [][2]int
	Straits    [][2]int
	// Notes says what the builder had to change: cities moved or dropped,
	// islands turned to sea, rivers split.
	Notes []string
}

// River is a river as the hexsides it runs along.
type River struct {
	Name  string
	Sides [][2]int
}

// RailLine is a railway as a chain of adjacent hexes.
type RailLine struct {
	Name  string
	Hexes []int
}

// sample offsets inside a hex, as fractions of the circumradius.
var sampleOffsets = func() [][2]float64 {
	out := [][2]float64{{0, 0}}
	for k := 0; k < 6; k++ {
		a := float64(k)*math.Pi/3 + math.Pi/6
		out = append(out, [2]float64{0.45 * math.Cos(a), 0.45 * math.Sin(a)})
	}
	for k := 0; k < 12; k++ {
		a := float64(k) * math.Pi / 6
		out = append(out, [2]float64{0.78 * math.Cos(a), 0.78 * math.Sin(a)})
	}
	return out
}()

type point struct {
	water, lake bool
	terrain     core.Terrain
	country     string
}

// classify tells what lies at a longitude and latitude.
func (s *Source) classify(lon, lat float64) point {
	p := orb.Point{lon, lat}
	for k := range s.Lakes {
		if s.Lakes[k].Contains(p) {
			return point{water: true, lake: true, terrain: core.Lake}
		}
	}
	if !s.isLand(p) {
		return point{water: true, terrain: core.Sea}
	}
	pt := point{terrain: core.Clear, country: s.countryAt(p)}
	for k := range s.Terrain {
		if s.Terrain[k].Contains(p) {
			t, err := core.ParseTerrain(s.Terrain[k].Kind)
			if err == nil {
				pt.terrain = t
			}
		}
	}
	return pt
}

func (s *Source) isLand(p orb.Point) bool {
	for _, poly := range s.Land {
		if len(poly) == 0 || !poly[0].Bound().Contains(p) {
			continue
		}
		if polygonContains(poly, p) {
			return true
		}
	}
	return false
}

func polygonContains(poly orb.Polygon, p orb.Point) bool {
	if !ringContains(poly[0], p) {
		return false
	}
	for _, h := range poly[1:] {
		if ringContains(h, p) {
			return false
		}
	}
	return true
}

// ringContains is the even-odd ray test.
func ringContains(r orb.Ring, p orb.Point) bool {
	in := false
	for i, j := 0, len(r)-1; i < len(r); j, i = i, i+1 {
		a, b := r[i], r[j]
		if (a[1] > p[1]) != (b[1] > p[1]) && p[0] < (b[0]-a[0])*(p[1]-a[1])/(b[1]-a[1])+a[0] {
			in = !in
		}
	}
	return in
}

// countryAt names the state of 22 June 1941 at p.
func (s *Source) countryAt(p orb.Point) string {
	name := ""
	for k := range s.NECountries {
		if s.NECountries[k].Contains(p) {
			name = s.Borders.Base[s.NECountries[k].Name]
			if name == "" {
				name = s.NECountries[k].Name
			}
			break
		}
	}
	for k := range s.Borders.Areas {
		if s.Borders.Areas[k].Contains(p) {
			name = s.Borders.Areas[k].Name
		}
	}
	return name
}

// Build compiles the source into a map.
func Build(s *Source) (*Compiled, error) {
	mc := s.Map
	pr := mc.Projection
	proj := NewConic(pr.Parallels[0], pr.Parallels[1], pr.Origin[1], pr.Origin[0])
	g := NewGrid(proj, mc.HexKM, mc.FirstHex[0], mc.FirstHex[1])
	var sheets []core.Sheet
	col0 := 0
	for _, sh := range mc.Sheets {
		sheets = append(sheets, core.Sheet{Name: sh.Name, Col0: col0, Row0: 0, Cols: sh.Cols, Rows: sh.Rows})
		col0 += sh.Cols
	}
	m, err := core.NewMap(mc.Name, sheets, core.NoSide)
	if err != nil {
		return nil, err
	}
	c := &Compiled{Map: m, Grid: g}
	c.rasterize(s)
	c.keepLakes(s)
	c.keepTerrain(s)
	for _, l := range s.Necks {
		if i := m.Index(g.HexOf(l.At[0], l.At[1])); i >= 0 && m.Terrain[i].Water() {
			c.makeLand(s, i)
			c.Notes = append(c.Notes, fmt.Sprintf("%s: hex %s made land", l.Name, m.ID(i)))
		}
	}
	if err := c.placeStraits(s); err != nil {
		return nil, err
	}
	c.placeCities(s)
	c.outOfPlay(s)
	c.findWaterSides(s)
	c.connect()
	c.snapRivers(s)
	c.layRails(s)
	c.assignRegions(s)
	c.lakeRegions(s)
	c.setControl(s)
	m.SetEdges()
	return c, nil
}

func (c *Compiled) onMap() []int {
	var out []int
	for i, on := range c.Map.OnMap {
		if on {
			out = append(out, i)
		}
	}
	return out
}

// lonlat returns the longitude and latitude of the centre of hex i.
func (c *Compiled) lonlat(i int) (float64, float64) {
	return c.Grid.LonLat(c.Grid.Center(c.Map.Hex(i)))
}

func (c *Compiled) rasterize(s *Source) {
	m, g := c.Map, c.Grid
	for _, i := range c.onMap() {
		cx, cy := g.Center(m.Hex(i))
		var water, lake int
		terr := make([]int, core.NumTerrain)
		countries := map[string]int{}
		for _, o := range sampleOffsets {
			lon, lat := g.LonLat(cx+o[0]*g.S, cy+o[1]*g.S)
			p := s.classify(lon, lat)
			switch {
			case p.lake:
				lake++
			case p.water:
				water++
			default:
				terr[p.terrain]++
				if p.country != "" {
					countries[p.country]++
				}
			}
		}
		n := len(sampleOffsets)
		if 2*(water+lake) > n {
			m.Terrain[i] = core.Sea
			if lake >= water {
				m.Terrain[i] = core.Lake
			}
		} else {
			best := core.Clear
			for t := core.Clear; t < core.NumTerrain; t++ {
				if terr[t] > terr[best] {
					best = t
				}
			}
			m.Terrain[i] = best
		}
		if name := plurality(countries); name != "" && !m.Terrain[i].Water() {
			m.SetCountry(name, []int{i})
		}
	}
}

func plurality(counts map[string]int) string {
	best, bn := "", 0
	for k, n := range counts {
		if n > bn || n == bn && k < best {
			best, bn = k, n
		}
	}
	return best
}

// keepLakes gives every lake at least the hex at the mean of its shore.
func (c *Compiled) keepLakes(s *Source) {
	m := c.Map
	for _, l := range s.Lakes {
		var lon, lat float64
		for _, p := range l.Points {
			lon += p[0] / float64(len(l.Points))
			lat += p[1] / float64(len(l.Points))
		}
		if i := m.Index(c.Grid.HexOf(lon, lat)); i >= 0 && !m.Terrain[i].Water() {
			m.Terrain[i] = core.Lake
			m.Country[i] = 0
			c.Notes = append(c.Notes, fmt.Sprintf("%s: hex %s made lake so the lake shows", l.Name, m.ID(i)))
		}
	}
}

// keepTerrain makes sure every terrain area shows on at least one hex:
// if no hex it touches came out with its terrain, the land hex where the
// area's terrain covers most of the hex takes it (the Crimean mountains).
func (c *Compiled) keepTerrain(s *Source) {
	m, g := c.Map, c.Grid
	for k := range s.Terrain {
		a := &s.Terrain[k]
		t, err := core.ParseTerrain(a.Kind)
		if err != nil {
			continue
		}
		best, bn, shown := -1, 0, false
		for _, i := range c.onMap() {
			if m.Terrain[i].Water() {
				continue
			}
			cx, cy := g.Center(m.Hex(i))
			n := 0
			for _, o := range sampleOffsets {
				lon, lat := g.LonLat(cx+o[0]*g.S, cy+o[1]*g.S)
				if a.Contains(orb.Point{lon, lat}) && s.classify(lon, lat).terrain == t {
					n++
				}
			}
			if n > 0 && m.Terrain[i] == t {
				shown = true
				break
			}
			if n > bn {
				best, bn = i, n
			}
		}
		if !shown && best >= 0 {
			m.Terrain[best] = t
			c.Notes = append(c.Notes, fmt.Sprintf("%s: hex %s made %s so the area shows", a.Name, m.ID(best), t))
		}
	}
}

// makeLand makes hex i land, taking its country from its centre.
func (c *Compiled) makeLand(s *Source, i int) {
	m := c.Map
	if !m.Terrain[i].Water() {
		return
	}
	m.Terrain[i] = core.Clear
	if m.Country[i] == 0 {
		lon, lat := c.lonlat(i)
		if name := s.countryAt(orb.Point{lon, lat}); name != "" {
			m.SetCountry(name, []int{i})
		}
	}
}

func (c *Compiled) placeStraits(s *Source) error {
	m, g := c.Map, c.Grid
	for _, st := range s.Straits {
		a := m.Index(g.HexOf(st.From[0], st.From[1]))
		b := m.Index(g.HexOf(st.To[0], st.To[1]))
		if a < 0 || b < 0 {
			return fmt.Errorf("strait %s: an end is off the map", st.Name)
		}
		if _, ok := m.Adjacent(a, b); !ok {
			// the shores fall in one hex, or farther apart: join the
			// first shore's hex to its neighbour nearest the second
			tx, ty := g.Pixel(st.To[0], st.To[1])
			b = -1
			bd := math.Inf(1)
			for _, n := range m.Nbr[a] {
				if n < 0 {
					continue
				}
				cx, cy := g.Center(m.Hex(int(n)))
				if d := math.Hypot(cx-tx, cy-ty); d < bd {
					b, bd = int(n), d
				}
			}
			if b < 0 {
				return fmt.Errorf("strait %s: no hex beside %s", st.Name, m.ID(a))
			}
		}
		c.makeLand(s, a)
		c.makeLand(s, b)
		c.Straits = append(c.Straits, [2]int{a, b})
	}
	return nil
}

var kindRank = map[string]int{"fortress": 1, "major": 2, "minor": 3}

func cityRank(ct City) int {
	if ct.Capital != "" {
		return 0
	}
	return kindRank[ct.Kind]
}

func (c *Compiled) placeCities(s *Source) {
	m, g := c.Map, c.Grid
	var list []City
	for _, ct := range s.Cities {
		if !ct.Rail {
			list = append(list, ct)
		}
	}
	sort.SliceStable(list, func(a, b int) bool { return cityRank(list[a]) < cityRank(list[b]) })
	for _, ct := range list {
		px, py := g.Pixel(ct.At[0], ct.At[1])
		i := m.Index(g.HexAt(px, py))
		if i < 0 {
			continue
		}
		target := i
		if m.Terrain[i].Water() || m.CityAt[i] >= 0 {
			target = -1
			bd := math.Inf(1)
			for _, n := range m.Nbr[i] {
				if n < 0 || m.Terrain[n].Water() || m.CityAt[n] >= 0 {
					continue
				}
				cx, cy := g.Center(m.Hex(int(n)))
				if d := math.Hypot(cx-px, cy-py); d < bd {
					target, bd = int(n), d
				}
			}
			switch {
			case target < 0 && m.CityAt[i] < 0:
				target = i
				c.makeLand(s, i)
				c.Notes = append(c.Notes, fmt.Sprintf("%s: hex %s made land to hold the city", ct.Name, m.ID(i)))
			case target < 0:
				c.Notes = append(c.Notes, fmt.Sprintf("%s dropped: %s holds %s and no neighbour is free", ct.Name, m.ID(i), m.Cities[m.CityAt[i]].Name))
				continue
			case m.CityAt[i] >= 0:
				c.Notes = append(c.Notes, fmt.Sprintf("%s moved from %s (held by %s) to %s", ct.Name, m.ID(i), m.Cities[m.CityAt[i]].Name, m.ID(target)))
			default:
				c.Notes = append(c.Notes, fmt.Sprintf("%s moved from %s (water) to %s", ct.Name, m.ID(i), m.ID(target)))
			}
		}
		if n := c.bankSide(s, px, py, i, target); n >= 0 {
			c.Notes = append(c.Notes, fmt.Sprintf("%s moved from %s to %s, to stay on its bank of the river", ct.Name, m.ID(target), m.ID(n)))
			target = n
		}
		kind, _ := core.ParseCityKind(ct.Kind)
		capital := core.NoSide
		if ct.Capital != "" {
			capital, _ = core.ParseSide(ct.Capital)
		}
		m.AddCity(core.City{Name: ct.Name, Aliases: ct.Aliases, Kind: kind, Capital: capital, Hex: target})
		// a city's hex belongs to the state that held the city
		if name := s.countryAt(orb.Point{ct.At[0], ct.At[1]}); name != "" && name != m.CountryOf(target) {
			m.SetCountry(name, []int{target})
		}
	}
}

// bankSide keeps a city on its own bank: when a river runs between the
// city (px, py) and the centre of its hex, it returns the free land hex
// next to home (the hex the city projects to) on the city's side whose
// centre is nearest, or -1 to leave the city where it is.
func (c *Compiled) bankSide(s *Source, px, py float64, home, target int) int {
	m, g := c.Map, c.Grid
	crosses := func(i int) bool {
		cx, cy := g.Center(m.Hex(i))
		for _, r := range s.Rivers {
			for k := 0; k+1 < len(r.Points); k++ {
				ax, ay := g.Pixel(r.Points[k][0], r.Points[k][1])
				bx, by := g.Pixel(r.Points[k+1][0], r.Points[k+1][1])
				if segmentsCross(px, py, cx, cy, ax, ay, bx, by) {
					return true
				}
			}
		}
		return false
	}
	if !crosses(target) {
		return -1
	}
	best, bd := -1, math.Inf(1)
	for _, n := range append([]int32{int32(home)}, m.Nbr[home][:]...) {
		i := int(n)
		if i < 0 || i == target || m.Terrain[i].Water() || m.CityAt[i] >= 0 || crosses(i) {
			continue
		}
		cx, cy := g.Center(m.Hex(i))
		if d := math.Hypot(cx-px, cy-py); d < bd {
			best, bd = i, d
		}
	}
	return best
}

// segmentsCross reports whether segment p1-p2 crosses segment q1-q2 away
// from p1 (a river through the city itself does not count).
func segmentsCross(p1x, p1y, p2x, p2y, q1x, q1y, q2x, q2y float64) bool {
	dx, dy := p2x-p1x, p2y-p1y
	ex, ey := q2x-q1x, q2y-q1y
	den := dx*ey - dy*ex
	if den == 0 {
		return false
	}
	t := ((q1x-p1x)*ey - (q1y-p1y)*ex) / den
	u := ((q1x-p1x)*dy - (q1y-p1y)*dx) / den
	return t > 0.15 && t <= 1 && u >= 0 && u <= 1
}

// outOfPlay turns the land of countries cut off from the theatre to sea.
func (c *Compiled) outOfPlay(s *Source) {
	m := c.Map
	out := map[string]bool{}
	for _, n := range s.Map.OutOfPlay {
		out[n] = true
	}
	for _, i := range c.onMap() {
		if !m.Terrain[i].Water() && out[m.CountryOf(i)] {
			m.Terrain[i] = core.Sea
		}
	}
}

// waterShare is the share of water met on the segment between the
// centres of hexes a and b.
func (c *Compiled) waterShare(s *Source, a, b int) float64 {
	g := c.Grid
	ax, ay := g.Center(c.Map.Hex(a))
	bx, by := g.Center(c.Map.Hex(b))
	const n = 12
	w := 0
	for k := 0; k < n; k++ {
		t := (float64(k) + 0.5) / n
		lon, lat := g.LonLat(ax+(bx-ax)*t, ay+(by-ay)*t)
		if s.classify(lon, lat).water {
			w++
		}
	}
	return float64(w) / n
}

// findWaterSides marks the hexsides between two land hexes that cross
// open water (a narrow gulf, a lagoon).
func (c *Compiled) findWaterSides(s *Source) {
	m := c.Map
	strait := map[[2]int]bool{}
	for _, st := range c.Straits {
		strait[st] = true
		strait[[2]int{st[1], st[0]}] = true
	}
	for _, a := range c.onMap() {
		if m.Terrain[a].Water() {
			continue
		}
		for d := core.N; d <= core.SE; d++ {
			b := int(m.Nbr[a][d])
			if b < 0 || m.Terrain[b].Water() || strait[[2]int{a, b}] {
				continue
			}
			if c.waterShare(s, a, b) >= 0.34 {
				m.AddWaterSide(a, b)
				c.WaterSides = append(c.WaterSides, [2]int{a, b})
			}
		}
	}
	for _, st := range c.Straits {
		m.AddWaterSide(st[0], st[1])
		m.AddStrait(st[0], st[1])
	}
}

// Components returns the land hexes of m grouped into the areas a ground
// unit can walk between (crossing straits), largest first.
func Components(m *core.Map) [][]int {
	seen := make([]bool, m.Len())
	var comps [][]int
	for i, on := range m.OnMap {
		if !on || seen[i] || m.Terrain[i].Water() {
			continue
		}
		comp := []int{i}
		seen[i] = true
		for k := 0; k < len(comp); k++ {
			h := comp[k]
			for d := core.N; d <= core.NW; d++ {
				n := int(m.Nbr[h][d])
				if n < 0 || seen[n] || m.Blocked(h, d) {
					continue
				}
				seen[n] = true
				comp = append(comp, n)
			}
		}
		sort.Ints(comp)
		comps = append(comps, comp)
	}
	sort.SliceStable(comps, func(a, b int) bool { return len(comps[a]) > len(comps[b]) })
	return comps
}

// connect joins land areas cut off by a narrow water hexside (an isthmus
// such as Perekop) and turns the rest, islands, to sea.
func (c *Compiled) connect() {
	m := c.Map
	for {
		comps := Components(m)
		if len(comps) <= 1 {
			return
		}
		main := map[int]bool{}
		for _, i := range comps[0] {
			main[i] = true
		}
		joined := false
		for _, comp := range comps[1:] {
			// a water hexside to the main body: open the first one
			for _, a := range comp {
				for d := core.N; d <= core.NW; d++ {
					b := int(m.Nbr[a][d])
					if b >= 0 && main[b] && m.WaterSide[a]&(1<<d) != 0 {
						c.openWaterSide(a, b)
						c.Notes = append(c.Notes, fmt.Sprintf("hexside %s-%s left open to join %d hexes to the mainland", m.ID(a), m.ID(b), len(comp)))
						joined = true
						break
					}
				}
				if joined {
					break
				}
			}
			if joined {
				break
			}
			for _, a := range comp {
				m.Terrain[a] = core.Sea
				if k := m.CityAt[a]; k >= 0 {
					c.Notes = append(c.Notes, fmt.Sprintf("%s dropped: on an island", m.Cities[k].Name))
					c.dropCity(a)
				}
			}
			c.Notes = append(c.Notes, fmt.Sprintf("%d land hexes cut off at %s turned to sea", len(comp), m.ID(comp[0])))
		}
		if !joined {
			c.dropWaterSides()
		}
	}
}

func (c *Compiled) openWaterSide(a, b int) {
	m := c.Map
	d, _ := m.Adjacent(a, b)
	m.WaterSide[a] &^= 1 << d
	m.WaterSide[b] &^= 1 << d.Opposite()
	c.dropWaterSides()
}

// dropWaterSides forgets water hexsides that no longer join two land hexes.
func (c *Compiled) dropWaterSides() {
	m := c.Map
	var keep [][2]int
	for _, p := range c.WaterSides {
		d, _ := m.Adjacent(p[0], p[1])
		if m.Terrain[p[0]].Water() || m.Terrain[p[1]].Water() {
			m.WaterSide[p[0]] &^= 1 << d
			m.WaterSide[p[1]] &^= 1 << d.Opposite()
			continue
		}
		if m.WaterSide[p[0]]&(1<<d) != 0 {
			keep = append(keep, p)
		}
	}
	c.WaterSides = keep
}

func (c *Compiled) dropCity(i int) {
	m := c.Map
	k := int(m.CityAt[i])
	m.Cities = append(m.Cities[:k], m.Cities[k+1:]...)
	for j := range m.CityAt {
		m.CityAt[j] = -1
	}
	for k, ct := range m.Cities {
		m.CityAt[ct.Hex] = int16(k)
	}
}

// assignRegions puts each land hex in the first region of each group
// (kind) whose outline holds the hex's centre.
func (c *Compiled) assignRegions(s *Source) {
	m := c.Map
	taken := map[string]map[int]bool{}
	for k := range s.Regions {
		r := &s.Regions[k]
		var hexes []int
		for _, i := range c.onMap() {
			if m.Terrain[i].Water() != r.Water || r.Water && m.Country[i] != 0 {
				continue
			}
			lon, lat := c.lonlat(i)
			if !r.Contains(orb.Point{lon, lat}) {
				continue
			}
			if len(r.Country) > 0 && !contains(r.Country, m.CountryOf(i)) || taken[r.Kind][i] {
				continue
			}
			hexes = append(hexes, i)
		}
		if taken[r.Kind] == nil {
			taken[r.Kind] = map[int]bool{}
		}
		for _, i := range hexes {
			taken[r.Kind][i] = true
		}
		m.AddRegion(r.Name, hexes)
	}
}

// lakeRegions names the hexes of each lake as a region.
func (c *Compiled) lakeRegions(s *Source) {
	m := c.Map
	for k := range s.Lakes {
		l := &s.Lakes[k]
		var lon, lat float64
		for _, p := range l.Points {
			lon += p[0] / float64(len(l.Points))
			lat += p[1] / float64(len(l.Points))
		}
		mid := m.Index(c.Grid.HexOf(lon, lat))
		var hexes []int
		for _, i := range c.onMap() {
			if m.Terrain[i] != core.Lake {
				continue
			}
			hlon, hlat := c.lonlat(i)
			if i == mid || l.Contains(orb.Point{hlon, hlat}) {
				hexes = append(hexes, i)
			}
		}
		if len(hexes) > 0 {
			m.AddRegion(l.Name, hexes)
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}

func (c *Compiled) setControl(s *Source) {
	m := c.Map
	for _, i := range c.onMap() {
		m.Control[i] = core.NoSide
		if m.Terrain[i].Water() {
			continue
		}
		switch name := m.CountryOf(i); {
		case contains(s.Map.Axis, name):
			m.Control[i] = core.Axis
		case contains(s.Map.Soviet, name):
			m.Control[i] = core.Soviet
		}
	}
}
