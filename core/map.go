package core

import (
	"errors"
	"fmt"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// Terrain is the dominant terrain of a hex.
type Terrain uint8

// Terrain types, in the order of the Terrain Effects Chart.
const (
	Clear Terrain = iota
	Forest
	Swamp
	Mountain
	Rough
	Sea
	Lake
	NumTerrain
)

var terrainNames = [NumTerrain]string{"clear", "forest", "swamp", "mountain", "rough", "sea", "lake"}

func (t Terrain) String() string { return terrainNames[t] }

// Water reports whether no ground unit may enter the hex.
func (t Terrain) Water() bool { return t == Sea || t == Lake }

// ParseTerrain reads a terrain name.
func ParseTerrain(s string) (Terrain, error) {
	for i, n := range terrainNames {
		if n == s {
			return Terrain(i), nil
		}
	}
	return 0, fmt.Errorf("unknown terrain %q (known: %s)", s, strings.Join(terrainNames[:], ", "))
}

// Side is a player: the Axis or the Soviet side.
type Side int8

// The sides; NoSide marks a hex nobody controls.
const (
	Axis   Side = 0
	Soviet Side = 1
	NoSide Side = -1
)

func (s Side) String() string {
	switch s {
	case Axis:
		return "axis"
	case Soviet:
		return "soviet"
	}
	return "none"
}

// Enemy is the other side.
func (s Side) Enemy() Side { return 1 - s }

// ParseSide reads "axis" or "soviet".
func ParseSide(s string) (Side, error) {
	switch strings.ToLower(s) {
	case "axis":
		return Axis, nil
	case "soviet":
		return Soviet, nil
	}
	return NoSide, fmt.Errorf("unknown side %q (expected axis or soviet)", s)
}

// CityKind is the kind of a city.
type CityKind uint8

// City kinds.
const (
	Minor CityKind = iota
	Major
	Fortress
)

var cityKindNames = []string{"minor", "major", "fortress"}

func (k CityKind) String() string { return cityKindNames[k] }

// ParseCityKind reads minor, major or fortress.
func ParseCityKind(s string) (CityKind, error) {
	for i, n := range cityKindNames {
		if n == s {
			return CityKind(i), nil
		}
	}
	return 0, fmt.Errorf("unknown city kind %q (expected minor, major or fortress)", s)
}

// City is a named city on the map.
type City struct {
	Name    string
	Aliases []string // other spellings (FindCity matches them)
	Kind    CityKind
	Capital Side // NoSide unless Berlin (axis) or Moscow (soviet)
	Hex     int
}

// Region is a named set of hexes: a military district, an army group's
// setup area, a sea.
type Region struct {
	Name  string
	Hexes Bitset
}

// Map is the playing surface. Hexes are addressed by a dense index
// (row*W+col over the global offset grid); per-hex data lives in slices
// indexed by it, so that searches touch no maps.
type Map struct {
	Name   string
	Sheets []Sheet
	W, H   int

	OnMap   []bool
	Terrain []Terrain
	// Nbr holds the index of each neighbour by Dir, or -1 off the map.
	Nbr [][6]int32
	// River, WaterSide, Strait and Rail are per-hex masks by Dir of the
	// hexsides carrying that feature (a Rail bit: the line runs that way).
	River, WaterSide, Strait, Rail []uint8
	// RailLink joins rail hexes that are not adjacent (lines leaving the
	// map and coming back), both ways.
	RailLink map[int][]int

	Cities []City
	CityAt []int16 // index into Cities, or -1

	Countries []string
	Country   []uint8 // index+1 into Countries; 0 for none
	Regions   []Region

	// Edge lists, per side, the hexes of its friendly map edge.
	Edge [2][]int
	// Control is the side controlling each hex at the start.
	Control []Side
	// Fortified marks the hexes a scenario fortifies (nil for none): a
	// battle there counts the defender's hex as a fortress (Fortify).
	Fortified Bitset

	ids []string // the printed id of each index ("off-map" off the map)
	qr  []qr     // the axial coordinates of each index (coords.go)
}

// NewMap makes an empty map (all clear, controlled by owner) over the sheets.
// Each sheet's Col0 must be even; global column = Col0 + printed column.
func NewMap(name string, sheets []Sheet, owner Side) (*Map, error) {
	m := &Map{Name: name, Sheets: sheets, RailLink: map[int][]int{}}
	for _, s := range sheets {
		if s.Col0 < 0 || s.Row0 < 0 {
			return nil, fmt.Errorf("sheet %s: col0 %d, row0 %d may not be negative", s.Name, s.Col0, s.Row0)
		}
		if s.Col0%2 != 0 {
			return nil, fmt.Errorf("sheet %s: col0 %d must be even", s.Name, s.Col0)
		}
		if s.Cols < 1 || s.Rows < 1 || s.Cols > 99 || s.Rows > 99 {
			return nil, fmt.Errorf("sheet %s: %d×%d hexes; each must be 1..99", s.Name, s.Cols, s.Rows)
		}
		if w := s.Col0 + s.Cols + 1; w > m.W {
			m.W = w
		}
		if h := s.Row0 + s.Rows; h > m.H {
			m.H = h
		}
	}
	n := m.W * m.H
	m.OnMap = make([]bool, n)
	m.Terrain = make([]Terrain, n)
	m.Nbr = make([][6]int32, n)
	m.River = make([]uint8, n)
	m.WaterSide = make([]uint8, n)
	m.Strait = make([]uint8, n)
	m.Rail = make([]uint8, n)
	m.CityAt = make([]int16, n)
	m.Country = make([]uint8, n)
	m.Control = make([]Side, n)
	for i := range m.CityAt {
		m.CityAt[i] = -1
		m.Control[i] = owner
	}
	for _, s := range sheets {
		for c := 1; c <= s.Cols; c++ {
			for r := 1; r <= s.Rows; r++ {
				i := m.offsetIndex(Offset{s.Col0 + c, s.Row0 + r - 1})
				if m.OnMap[i] {
					return nil, fmt.Errorf("sheet %s overlaps another sheet at %s", s.Name, s.ID(Offset{s.Col0 + c, s.Row0 + r - 1}))
				}
				m.OnMap[i] = true
			}
		}
	}
	m.setIDs()
	m.setCoords()
	for i := range m.Nbr {
		h := m.Hex(i)
		for d := N; d <= NW; d++ {
			m.Nbr[i][d] = int32(m.Index(h.Neighbor(d)))
		}
	}
	m.SetEdges()
	return m, nil
}

// Len is the number of index slots (on and off the map).
func (m *Map) Len() int { return len(m.OnMap) }

func (m *Map) offsetIndex(o Offset) int { return o.Row*m.W + o.Col }

// Index returns the dense index of h, or -1 when h is not on the map.
func (m *Map) Index(h Hex) int {
	o := h.Offset()
	if o.Col < 0 || o.Row < 0 || o.Col >= m.W || o.Row >= m.H {
		return -1
	}
	i := m.offsetIndex(o)
	if !m.OnMap[i] {
		return -1
	}
	return i
}

// Hex returns the axial coordinates of index i.
func (m *Map) Hex(i int) Hex {
	if uint(i) < uint(len(m.qr)) {
		c := m.qr[i]
		return Hex{int(c.q), int(c.r)}
	}
	return Offset{i % m.W, i / m.W}.Axial()
}

// setIDs prints every hex's id once: one string holds them all.
func (m *Map) setIDs() {
	var b []byte
	end := make([]int, len(m.OnMap))
	for i, on := range m.OnMap {
		if on {
			o := Offset{i % m.W, i / m.W}
			for _, s := range m.Sheets {
				if s.Contains(o) {
					b = s.appendID(b, o)
					break
				}
			}
		}
		end[i] = len(b)
	}
	all := string(b)
	m.ids = make([]string, len(m.OnMap))
	start := 0
	for i := range m.ids {
		m.ids[i] = offMap
		if m.OnMap[i] {
			m.ids[i] = all[start:end[i]]
		}
		start = end[i]
	}
}

const offMap = "off-map"

// ID prints the sheet id ("B-1603") of index i, or "off-map".
func (m *Map) ID(i int) string {
	if uint(i) >= uint(len(m.ids)) {
		return offMap
	}
	return m.ids[i]
}

// ParseHex reads a sheet id such as "B-1603" (the sheet letter in either
// case) and returns its index.
func (m *Map) ParseHex(id string) (int, error) {
	sheet, c, r, err := parseID(id)
	if err != nil {
		return -1, err
	}
	for _, s := range m.Sheets {
		if !strings.EqualFold(s.Name, sheet) {
			continue
		}
		if c < 1 || c > s.Cols || r < 1 || r > s.Rows {
			return -1, fmt.Errorf("hex %s is off the map (sheet %s has columns 01-%02d, rows 01-%02d)", id, s.Name, s.Cols, s.Rows)
		}
		return m.offsetIndex(Offset{s.Col0 + c, s.Row0 + r - 1}), nil
	}
	return -1, fmt.Errorf("hex %s: the map has no sheet %s", id, strings.ToUpper(sheet))
}

// Adjacent reports whether a and b touch, and the direction from a to b.
func (m *Map) Adjacent(a, b int) (Dir, bool) {
	for d, n := range m.Nbr[a] {
		if int(n) == b {
			return Dir(d), true
		}
	}
	return 0, false
}

// Distance is the number of hexes between a and b.
func (m *Map) Distance(a, b int) int {
	if uint(a) < uint(len(m.qr)) && uint(b) < uint(len(m.qr)) {
		return m.qr[a].distance(m.qr[b])
	}
	return m.Hex(a).Distance(m.Hex(b))
}

// side sets a hexside bit on both hexes.
func (m *Map) side(mask []uint8, a, b int, what string) error {
	d, ok := m.Adjacent(a, b)
	if !ok {
		return fmt.Errorf("%s %s-%s: the hexes are not adjacent", what, m.ID(a), m.ID(b))
	}
	mask[a] |= 1 << d
	mask[b] |= 1 << d.Opposite()
	return nil
}

// AddRiver marks the hexside between adjacent hexes a and b as a river.
func (m *Map) AddRiver(a, b int) error { return m.side(m.River, a, b, "river") }

// AddWaterSide marks the hexside between a and b as lake or sea.
func (m *Map) AddWaterSide(a, b int) error { return m.side(m.WaterSide, a, b, "lake/sea hexside") }

// AddStrait joins a and b across a strait (such as the Straits of Kerch).
func (m *Map) AddStrait(a, b int) error { return m.side(m.Strait, a, b, "strait") }

// AddRailLine lays a rail line along a chain of adjacent hexes.
func (m *Map) AddRailLine(hexes []int) error {
	for k := 1; k < len(hexes); k++ {
		if err := m.side(m.Rail, hexes[k-1], hexes[k], "rail line"); err != nil {
			return err
		}
	}
	if len(hexes) == 1 {
		return fmt.Errorf("rail line at %s has a single hex", m.ID(hexes[0]))
	}
	return nil
}

// AddRailLink joins two rail hexes that are not adjacent (an off-map connection).
func (m *Map) AddRailLink(a, b int) error {
	if !m.IsRail(a) || !m.IsRail(b) {
		return fmt.Errorf("rail link %s-%s: both ends must be rail hexes", m.ID(a), m.ID(b))
	}
	m.RailLink[a] = append(m.RailLink[a], b)
	m.RailLink[b] = append(m.RailLink[b], a)
	return nil
}

// IsRail reports whether a rail line runs through hex i.
func (m *Map) IsRail(i int) bool { return m.Rail[i] != 0 || len(m.RailLink[i]) > 0 }

// AddCity places a city.
func (m *Map) AddCity(c City) error {
	if m.CityAt[c.Hex] >= 0 {
		return fmt.Errorf("hex %s already holds the city %s", m.ID(c.Hex), m.Cities[m.CityAt[c.Hex]].Name)
	}
	m.CityAt[c.Hex] = int16(len(m.Cities))
	m.Cities = append(m.Cities, c)
	return nil
}

// City returns the city in hex i, if any.
func (m *Map) City(i int) (City, bool) {
	if k := m.CityAt[i]; k >= 0 {
		return m.Cities[k], true
	}
	return City{}, false
}

// FindCity finds a city by name, case-insensitively.
func (m *Map) FindCity(name string) (City, bool) {
	for _, c := range m.Cities {
		if strings.EqualFold(c.Name, name) {
			return c, true
		}
	}
	for _, c := range m.Cities {
		for _, a := range c.Aliases {
			if strings.EqualFold(a, name) {
				return c, true
			}
		}
	}
	return City{}, false
}

// Resolve finds the hex a player names: a hex id ("B-1603"), or a city by
// its name or an alias, in any case and with or without accents
// ("konigsberg"). A name that is the beginning of only one city's name or
// alias (three letters or more) is that city. An ambiguous name is refused
// with its candidates, an unknown one with the closest names. Either may
// be followed by @DIR:N, N hexes from it in direction DIR (Offset).
func (m *Map) Resolve(s string) (int, error) {
	s = strings.TrimSpace(s)
	if strings.Contains(s, "@") {
		return m.resolveOffset(s) // "Kursk@NW:1": a place and an offset from it
	}
	if looksLikeID(s) {
		return m.ParseHex(s)
	}
	if s == "" {
		return -1, fmt.Errorf("no hex or place given")
	}
	key := fold(s)
	exact, prefix := m.matchCities(key)
	switch {
	case len(exact) == 1:
		return m.Cities[exact[0]].Hex, nil
	case len(exact) > 1:
		return -1, m.ambiguous(s, exact)
	case len(prefix) == 1 && len(key) >= 3:
		return m.Cities[prefix[0]].Hex, nil
	case len(prefix) > 1 && len(key) >= 3:
		return -1, m.ambiguous(s, prefix)
	}
	where := "the map"
	if m.Name != "" {
		where = "map " + m.Name
	}
	shown := s
	if len(shown) > 40 {
		shown = strings.ToValidUTF8(shown[:40], "") + "..."
	}
	msg := fmt.Sprintf("%q is neither a hex id (such as B-1603) nor a city of %s", shown, where)
	if near := m.closeNames(key); len(near) > 0 {
		msg += " (did you mean " + orList(near) + "?)"
	}
	return -1, errors.New(msg)
}

// looksLikeID reports whether s has the shape of a hex id: a sheet name, a
// dash and four characters of which the last is a digit.
func looksLikeID(s string) bool {
	i := strings.IndexByte(s, '-')
	return i > 0 && i <= 3 && len(s)-i-1 == 4 && s[len(s)-1] >= '0' && s[len(s)-1] <= '9'
}

// matchCities lists the cities whose name or an alias is key (folded), and
// those whose name or an alias begins with it.
func (m *Map) matchCities(key string) (exact, prefix []int) {
	for k, c := range m.Cities {
		e, p := nameMatch(c.Name, key)
		for _, a := range c.Aliases {
			ea, pa := nameMatch(a, key)
			e, p = e || ea, p || pa
		}
		if e {
			exact = append(exact, k)
		} else if p {
			prefix = append(prefix, k)
		}
	}
	return exact, prefix
}

// nameMatch reports whether name, folded, is key or begins with it.
func nameMatch(name, key string) (exact, prefix bool) {
	if !isASCII(name) {
		name = fold(name)
	}
	if len(name) < len(key) {
		return false, false
	}
	return len(name) == len(key) && strings.EqualFold(name, key), strings.EqualFold(name[:len(key)], key)
}

func (m *Map) ambiguous(s string, cities []int) error {
	var names []string
	for _, k := range cities {
		names = append(names, m.Cities[k].Name+" ("+m.ID(m.Cities[k].Hex)+")")
	}
	return fmt.Errorf("%q could be %s: give the full name or a hex id", s, orList(names))
}

// closeNames lists the city names and aliases within a few typing
// mistakes of key.
func (m *Map) closeNames(key string) []string {
	var names []string
	for _, c := range m.Cities {
		names = append(append(names, c.Name), c.Aliases...)
	}
	return NearNames(key, names)
}

// NearNames returns the names within a few typing mistakes of word (at
// most two, or a third of its letters up to three), ignoring case and accents,
// closest first, at most three. It serves the "did you mean" of error
// messages.
func NearNames(word string, names []string) []string {
	word = fold(word)
	limit := max(2, min(3, len(word)/3))
	type cand struct {
		name string
		d    int
	}
	var cs []cand
	seen := map[string]bool{}
	for _, n := range names {
		if abs(len(n)-len(word)) > limit {
			continue
		}
		if d := EditDistance(word, fold(n)); d <= limit && !seen[n] {
			seen[n] = true
			cs = append(cs, cand{n, d})
		}
	}
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].d < cs[j].d })
	var out []string
	for i := 0; i < len(cs) && i < 3; i++ {
		out = append(out, cs[i].name)
	}
	return out
}

// EditDistance is the Levenshtein distance between a and b, in bytes.
func EditDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			c := 1
			if a[i-1] == b[j-1] {
				c = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+c)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

func orList(names []string) string {
	if len(names) == 1 {
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// fold lower-cases s and strips its accents: "Königsberg" -> "konigsberg".
func fold(s string) string {
	if !isASCII(s) {
		t := transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC)
		if r, _, err := transform.String(t, s); err == nil {
			s = r
		}
	}
	return strings.ToLower(s)
}

// Region returns the named region, if any.
func (m *Map) Region(name string) (*Region, bool) {
	for k := range m.Regions {
		if strings.EqualFold(m.Regions[k].Name, name) {
			return &m.Regions[k], true
		}
	}
	return nil, false
}

// AddRegion adds (or extends) a named region.
func (m *Map) AddRegion(name string, hexes []int) {
	r, ok := m.Region(name)
	if !ok {
		m.Regions = append(m.Regions, Region{Name: name, Hexes: NewBitset(m.Len())})
		r = &m.Regions[len(m.Regions)-1]
	}
	for _, h := range hexes {
		r.Hexes.Set(h)
	}
}

// SetCountry assigns hexes to a country.
func (m *Map) SetCountry(name string, hexes []int) {
	k := -1
	for i, c := range m.Countries {
		if c == name {
			k = i
		}
	}
	if k < 0 {
		m.Countries = append(m.Countries, name)
		k = len(m.Countries) - 1
	}
	for _, h := range hexes {
		m.Country[h] = uint8(k + 1)
	}
}

// CountryOf names the country of hex i ("" for none).
func (m *Map) CountryOf(i int) string {
	if k := m.Country[i]; k > 0 {
		return m.Countries[k-1]
	}
	return ""
}

// Within reports whether a hex within n hexes of h (h included) is one
// that in accepts.
func (m *Map) Within(h, n int, in func(int) bool) bool {
	c := m.Hex(h)
	for dq := -n; dq <= n; dq++ {
		for dr := max(-n, -dq-n); dr <= min(n, -dq+n); dr++ {
			if i := m.Index(Hex{c.Q + dq, c.R + dr}); i >= 0 && m.OnMap[i] && in(i) {
				return true
			}
		}
	}
	return false
}

// InPlaces returns a test of whether a hex lies in one of the places:
// countries or regions of m, by name (as gpw.near and move limits name
// them).
func (m *Map) InPlaces(names []string) func(h int) bool {
	countries := make(map[string]bool, len(names))
	var regions []*Region
	for _, p := range names {
		countries[p] = true
		if r, ok := m.Region(p); ok {
			regions = append(regions, r)
		}
	}
	return func(h int) bool {
		if countries[m.CountryOf(h)] {
			return true
		}
		for _, r := range regions {
			if r.Hexes.Has(h) {
				return true
			}
		}
		return false
	}
}

// Blocked reports whether a ground unit can never cross from a in
// direction d: off the map, into water, or across a lake/sea hexside that
// is not a strait.
func (m *Map) Blocked(a int, d Dir) bool {
	n := m.Nbr[a][d]
	if n < 0 || m.Terrain[n].Water() {
		return true
	}
	return m.WaterSide[a]&(1<<d) != 0 && m.Strait[a]&(1<<d) == 0
}

// EdgeSpec names a map edge: "west", "east", "north" or "south".
var edgeNames = []string{"west", "east", "north", "south"}

// EdgeHexes returns the land hexes on the named edge of the whole map.
func (m *Map) EdgeHexes(edge string) ([]int, error) {
	minC, maxC, minR, maxR := m.W, -1, m.H, -1
	for i, on := range m.OnMap {
		if !on {
			continue
		}
		c, r := i%m.W, i/m.W
		minC, maxC = min(minC, c), max(maxC, c)
		minR, maxR = min(minR, r), max(maxR, r)
	}
	var out []int
	for i, on := range m.OnMap {
		if !on || m.Terrain[i].Water() {
			continue
		}
		c, r := i%m.W, i/m.W
		var hit bool
		switch edge {
		case "west":
			hit = c == minC
		case "east":
			hit = c == maxC
		case "north":
			hit = r == minR
		case "south":
			hit = r == maxR
		default:
			return nil, fmt.Errorf("unknown map edge %q (expected one of %s)", edge, strings.Join(edgeNames, ", "))
		}
		if hit {
			out = append(out, i)
		}
	}
	sort.Ints(out)
	return out, nil
}

// SetEdges sets the default friendly edges: west for the Axis, east for the
// Soviets (GDW: Supply).
func (m *Map) SetEdges() {
	m.Edge[Axis], _ = m.EdgeHexes("west")
	m.Edge[Soviet], _ = m.EdgeHexes("east")
}

// IsEdge reports whether hex i is on side s's friendly map edge.
func (m *Map) IsEdge(s Side, i int) bool {
	k := sort.SearchInts(m.Edge[s], i)
	return k < len(m.Edge[s]) && m.Edge[s][k] == i
}
