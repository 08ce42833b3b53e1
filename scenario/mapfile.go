package scenario

import (
	"crypto/sha256"
	"io/fs"
	"regexp"
	"sort"
	"strings"

	"gpw/core"
)

// MapFormatVersion is the map file format this build reads.
const MapFormatVersion = 1

// MapSpec is a map as written in TOML: the inline [map] table of a
// scenario, or a whole map file (maps/NAME.toml). See docs/modding.md.
type MapSpec struct {
	FormatVersion int    `toml:"format_version"`
	Name          string `toml:"name"`
	// One sheet: its letter and size. Or several under [[sheets]].
	Sheet      string      `toml:"sheet"`
	Cols       int         `toml:"cols"`
	Rows       int         `toml:"rows"`
	Sheets     []SheetSpec `toml:"sheets"`
	Owner      string      `toml:"owner"`
	AxisEdge   string      `toml:"axis_edge"`
	SovietEdge string      `toml:"soviet_edge"`

	Terrain    map[string][]string `toml:"terrain"`
	River      []RiverSpec         `toml:"river"`
	City       []CitySpec          `toml:"city"`
	Straits    [][]string          `toml:"straits"`
	WaterSides [][]string          `toml:"water_sides"`
	Rail       []RailSpec          `toml:"rail"`
	RailLinks  [][]string          `toml:"rail_links"`
	Control    map[string][]string `toml:"control"`
	Country    []AreaSpec          `toml:"country"`
	Region     []AreaSpec          `toml:"region"`
	// Edge lists friendly map-edge hexes per side explicitly, replacing
	// axis_edge / soviet_edge.
	Edge map[string][]string `toml:"edge"`
}

// SheetSpec places one sheet in the global grid.
type SheetSpec struct {
	Name string `toml:"name"`
	Col0 int    `toml:"col0"`
	Row0 int    `toml:"row0"`
	Cols int    `toml:"cols"`
	Rows int    `toml:"rows"`
}

// RiverSpec is a river: the pairs of adjacent hexes it separates.
type RiverSpec struct {
	Name  string     `toml:"name"`
	Sides [][]string `toml:"sides"`
}

// CitySpec is a city.
type CitySpec struct {
	Hex     string   `toml:"hex"`
	Name    string   `toml:"name"`
	Kind    string   `toml:"kind"`
	Capital string   `toml:"capital"`
	Aliases []string `toml:"aliases"`
}

// RailSpec is a rail line as a chain of adjacent hexes.
type RailSpec struct {
	Name  string   `toml:"name"`
	Hexes []string `toml:"hexes"`
}

// AreaSpec is a named set of hexes (a country or a region).
type AreaSpec struct {
	Name  string   `toml:"name"`
	Hexes []string `toml:"hexes"`
}

// LoadMapFile reads a map file from fsys. Maps are parsed once per process
// (by path and content): the map returned is shared and must not be
// changed.
func LoadMapFile(fsys fs.FS, path string) (*core.Map, error) {
	data, err := readFile(fsys, path, MaxFileSize)
	if err != nil {
		return nil, Errors{{File: path, Msg: why(err)}}
	}
	return cached(cacheKey{"map", path, "", sha256.Sum256(data)}, func() (*core.Map, error) { return parseMap(path, data) })
}

// parseMap reads a map file's text.
func parseMap(path string, data []byte) (*core.Map, error) {
	var spec MapSpec
	md, err := decode(path, data, &spec)
	if err != nil {
		return nil, err
	}
	src := newSource(path, data)
	undecoded(src, md, &spec, "")
	if spec.FormatVersion != MapFormatVersion {
		src.errorf(src.key("", 0, "format_version"), "format_version is %d; this gpw reads map format %d", spec.FormatVersion, MapFormatVersion)
	}
	m := spec.build(src, "")
	if err := src.err(); err != nil {
		return nil, err
	}
	return m, nil
}

var sheetName = regexp.MustCompile(`^[A-Za-z]{1,3}$`)

// checkSize checks the sheets and the numbers of cities, countries and
// regions against the limits before anything is allocated for them.
func (spec *MapSpec) checkSize(src *source, sheets []SheetSpec, prefix string) bool {
	if len(sheets) > MaxSheets {
		src.errorf(src.header(prefix+"sheets", MaxSheets)+1, "%d sheets; a map may have at most %d", len(sheets), MaxSheets)
		return false
	}
	w, h := 0, 0
	names := map[string]bool{}
	lineOf := func(i int, key string) int {
		if len(spec.Sheets) == 0 {
			return src.key("", 0, key) // the one-sheet form: sheet, cols, rows
		}
		return src.header(prefix+"sheets", i) + 1
	}
	for i, s := range sheets {
		line := lineOf(i, "cols")
		if !sheetName.MatchString(s.Name) || names[strings.ToUpper(s.Name)] {
			src.errorf(lineOf(i, "sheet"), "sheet %q: a sheet is named by one to three letters, each name once", s.Name)
			return false
		}
		names[strings.ToUpper(s.Name)] = true
		if s.Col0 < 0 || s.Row0 < 0 || s.Col0 > MaxMapHexes || s.Row0 > MaxMapHexes {
			src.errorf(line, "sheet %s: col0 %d, row0 %d: each must be 0..%d", s.Name, s.Col0, s.Row0, MaxMapHexes)
			return false
		}
		if s.Cols < 1 || s.Rows < 1 || s.Cols > 99 || s.Rows > 99 {
			src.errorf(line, "sheet %s: %d×%d hexes; each must be 1..99", s.Name, s.Cols, s.Rows)
			return false
		}
		w, h = max(w, s.Col0+s.Cols+1), max(h, s.Row0+s.Rows)
	}
	if w*h > MaxMapHexes {
		src.errorf(src.header(prefix+"sheets", 0)+1, "the sheets span a grid of %d×%d = %d hexes; a map may span at most %d (sheet offsets col0 and row0 count)", w, h, w*h, MaxMapHexes)
		return false
	}
	for _, t := range []struct {
		name string
		n    int
		max  int
	}{{"city", len(spec.City), MaxCities}, {"country", len(spec.Country), MaxCountries}, {"region", len(spec.Region), MaxTables},
		{"river", len(spec.River), MaxTables}, {"rail", len(spec.Rail), MaxTables}} {
		if t.n > t.max {
			src.errorf(src.header(prefix+t.name, t.max)+1, "%d [[%s]] tables; a map may have at most %d", t.n, t.name, t.max)
			return false
		}
	}
	return true
}

// build turns the spec into a core.Map, reporting every problem to src.
// prefix is "map." for an inline map.
func (spec *MapSpec) build(src *source, prefix string) *core.Map {
	sheets := spec.Sheets
	if len(sheets) == 0 {
		if spec.Sheet == "" {
			spec.Sheet = "A"
		}
		sheets = []SheetSpec{{Name: spec.Sheet, Cols: spec.Cols, Rows: spec.Rows}}
	}
	if !spec.checkSize(src, sheets, prefix) {
		return nil
	}
	var cs []core.Sheet
	for _, s := range sheets {
		cs = append(cs, core.Sheet{Name: strings.ToUpper(s.Name), Col0: s.Col0, Row0: s.Row0, Cols: s.Cols, Rows: s.Rows})
	}
	owner := core.NoSide
	if spec.Owner != "" {
		o, err := core.ParseSide(spec.Owner)
		if err != nil {
			src.errorf(src.key("", 0, "owner"), "%s: owner: %v", prefix+"owner", err)
		}
		owner = o
	}
	m, err := core.NewMap(spec.Name, cs, owner)
	if err != nil {
		src.errorf(src.key("", 0, "cols"), "%v", err)
		return nil
	}
	hex := func(id, what string) int {
		i, err := m.ParseHex(id)
		if err != nil {
			src.valuef(id, "%s: %v", what, err)
			return -1
		}
		return i
	}
	hexes := func(ids []string, what string) []int {
		var out []int
		for _, id := range ids {
			if i := hex(id, what); i >= 0 {
				out = append(out, i)
			}
		}
		return out
	}
	pair := func(p []string, what string, add func(a, b int) error) {
		if len(p) != 2 {
			src.errorfAt(func() int { return src.find(0, strings.Join(p, `", "`)) }, "%s: a pair of two hexes is needed, got %d", what, len(p))
			return
		}
		a, b := hex(p[0], what), hex(p[1], what)
		if a >= 0 && b >= 0 {
			if err := add(a, b); err != nil {
				src.valuef(p[1], "%v", err)
			}
		}
	}
	for _, name := range sortedKeys(spec.Terrain) {
		t, err := core.ParseTerrain(name)
		if err != nil {
			src.errorfAt(func() int { return src.find(0, name) }, "%sterrain: %v", prefix, err)
			continue
		}
		for _, i := range hexes(spec.Terrain[name], "terrain "+name) {
			m.Terrain[i] = t
		}
	}
	for _, r := range spec.River {
		for _, p := range r.Sides {
			pair(p, "river", m.AddRiver)
		}
	}
	for _, p := range spec.WaterSides {
		pair(p, "water side", m.AddWaterSide)
	}
	for _, p := range spec.Straits {
		pair(p, "straits", func(a, b int) error {
			if err := m.AddWaterSide(a, b); err != nil {
				return err
			}
			return m.AddStrait(a, b)
		})
	}
	for _, r := range spec.Rail {
		if hs := hexes(r.Hexes, "rail"); len(hs) == len(r.Hexes) {
			if err := m.AddRailLine(hs); err != nil {
				src.errorf(src.find(0, `"`+r.Hexes[0]+`"`), "rail line %s: %v", r.Name, err)
			}
		}
	}
	for _, p := range spec.RailLinks {
		pair(p, "rail link", m.AddRailLink)
	}
	for _, c := range spec.City {
		i := hex(c.Hex, "city "+c.Name)
		kind, err := core.ParseCityKind(c.Kind)
		if err != nil {
			src.errorf(src.find(0, `"`+c.Kind+`"`), "city %s: %v", c.Name, err)
		}
		capital := core.NoSide
		if c.Capital != "" {
			if capital, err = core.ParseSide(c.Capital); err != nil {
				src.errorf(src.find(0, `"`+c.Capital+`"`), "city %s: capital: %v", c.Name, err)
			}
		}
		if c.Name == "" {
			src.valuef(c.Hex, "city in %s has no name", c.Hex)
		} else if hasControl(c.Name) {
			src.valuef(c.Hex, "city %q in %s holds a control character; a place's name is printed as it is", c.Name, c.Hex)
		}
		if i >= 0 {
			if err := m.AddCity(core.City{Name: c.Name, Aliases: c.Aliases, Kind: kind, Capital: capital, Hex: i}); err != nil {
				src.valuef(c.Hex, "%v", err)
			}
		}
	}
	for _, side := range sortedKeys(spec.Control) {
		s, err := core.ParseSide(side)
		if err != nil {
			src.errorfAt(func() int { return src.find(0, side) }, "%scontrol: %v", prefix, err)
			continue
		}
		for _, i := range hexes(spec.Control[side], "control") {
			m.Control[i] = s
		}
	}
	for _, c := range spec.Country {
		m.SetCountry(c.Name, hexes(c.Hexes, "country "+c.Name))
	}
	for _, r := range spec.Region {
		m.AddRegion(r.Name, hexes(r.Hexes, "region "+r.Name))
	}
	edges := [2]string{spec.AxisEdge, spec.SovietEdge}
	defaults := [2]string{"west", "east"}
	for side := core.Axis; side <= core.Soviet; side++ {
		if ids, ok := spec.Edge[side.String()]; ok {
			hs := hexes(ids, "edge")
			sort.Ints(hs)
			m.Edge[side] = hs
			continue
		}
		e := edges[side]
		if e == "" {
			e = defaults[side]
		}
		hs, err := m.EdgeHexes(e)
		if err != nil {
			src.errorf(src.key("", 0, side.String()+"_edge"), "%s%s_edge: %v", prefix, side, err)
		}
		m.Edge[side] = hs
	}
	return m
}

func sortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}
