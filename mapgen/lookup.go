package mapgen

import (
	"fmt"
	"io/fs"
	"sort"
	"strings"

	"github.com/BurntSushi/toml"

	"gpw/core"
	"gpw/scenario"
)

// FromMap rebuilds the drawable features of a loaded map: rivers, water
// sides and straits from its hexside masks, railways as one segment per
// rail hexside. Names are lost; the drawing does not need them.
func FromMap(m *core.Map) *Compiled {
	c := &Compiled{Map: m, Grid: Grid{S: 1 / sqrt3}}
	var river River
	for i, on := range m.OnMap {
		if !on {
			continue
		}
		for d := core.N; d <= core.SE; d++ {
			n := int(m.Nbr[i][d])
			if n < 0 {
				continue
			}
			bit := uint8(1) << d
			p := [2]int{i, n}
			switch {
			case m.Strait[i]&bit != 0:
				c.Straits = append(c.Straits, p)
			case m.WaterSide[i]&bit != 0:
				c.WaterSides = append(c.WaterSides, p)
			}
			if m.River[i]&bit != 0 {
				river.Sides = append(river.Sides, p)
			}
			if m.Rail[i]&bit != 0 {
				c.Rails = append(c.Rails, RailLine{Hexes: []int{i, n}})
			}
		}
	}
	c.Rivers = []River{river}
	var ks []int
	for k := range m.RailLink {
		ks = append(ks, k)
	}
	sort.Ints(ks)
	for _, a := range ks {
		for _, b := range m.RailLink[a] {
			if a < b {
				c.RailLinks = append(c.RailLinks, [2]int{a, b})
			}
		}
	}
	return c
}

// LoadMap reads a map file the way the game does, and with it the names
// of its rivers and railways for drawing.
func LoadMap(fsys fs.FS, path string) (*Compiled, error) {
	m, err := scenario.LoadMapFile(fsys, path)
	if err != nil {
		return nil, err
	}
	c := FromMap(m)
	data, err := fs.ReadFile(fsys, path)
	if err != nil {
		return nil, err
	}
	var spec scenario.MapSpec
	if _, err := toml.Decode(string(data), &spec); err != nil {
		return nil, err
	}
	ids := func(ss []string) ([]int, bool) {
		var out []int
		for _, s := range ss {
			i, err := m.ParseHex(s)
			if err != nil {
				return nil, false
			}
			out = append(out, i)
		}
		return out, true
	}
	c.Rivers = nil
	for _, r := range spec.River {
		river := River{Name: r.Name}
		for _, p := range r.Sides {
			if hs, ok := ids(p); ok && len(hs) == 2 {
				river.Sides = append(river.Sides, [2]int{hs[0], hs[1]})
			}
		}
		c.Rivers = append(c.Rivers, river)
	}
	c.Rails = nil
	for _, r := range spec.Rail {
		if hs, ok := ids(r.Hexes); ok {
			c.Rails = append(c.Rails, RailLine{Name: r.Name, Hexes: hs})
		}
	}
	return c, nil
}

// Place finds a hex as players name it (core.Map.Resolve): a hex id
// ("B-1603"), a city's name or alias (in any case, with or without
// accents, or its unambiguous beginning), either followed by @DIR:N
// ("Kursk@NW:1").
func Place(m *core.Map, s string) (int, error) {
	return m.Resolve(s)
}

// Find prints where a named place is: "A-2109 Warsaw (major city)".
func Find(m *core.Map, name string) (string, error) {
	if c, ok := m.FindCity(name); ok {
		return fmt.Sprintf("%s %s (%s)", m.ID(c.Hex), c.Name, cityWords(c)), nil
	}
	if strings.Contains(name, "@") {
		h, err := m.Resolve(name)
		if err != nil {
			return "", err
		}
		what := m.Terrain[h].String()
		if c, ok := m.City(h); ok {
			what += ", " + c.Name
		}
		return fmt.Sprintf("%s %s (%s)", m.ID(h), name, what), nil
	}
	if r, ok := m.Region(name); ok {
		var first = -1
		n := r.Hexes.Count()
		r.Hexes.Each(func(i int) {
			if first < 0 {
				first = i
			}
		})
		if first >= 0 {
			return fmt.Sprintf("%s %s (region of %d hexes; first hex shown)", m.ID(first), r.Name, n), nil
		}
	}
	_, err := Place(m, name)
	if err == nil {
		err = fmt.Errorf("%q is a hex id, not a place name", name)
	}
	return "", err
}

func cityWords(c core.City) string {
	w := c.Kind.String() + " city"
	if c.Kind == core.Fortress {
		w = "fortress"
	}
	if c.Capital != core.NoSide {
		w += ", " + c.Capital.String() + " capital"
	}
	return w
}

// Distance prints the distance in hexes between two places.
func Distance(m *core.Map, a, b string) (string, error) {
	i, err := Place(m, a)
	if err != nil {
		return "", err
	}
	j, err := Place(m, b)
	if err != nil {
		return "", err
	}
	d := m.Distance(i, j)
	return fmt.Sprintf("%d hexes from %s (%s) to %s (%s), about %d km", d, m.ID(i), a, m.ID(j), b, d*65), nil
}

// Show prints everything about a hex, one fact a line.
func Show(m *core.Map, s string) (string, error) {
	i, err := Place(m, s)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s\n", m.ID(i), m.Terrain[i])
	if c, ok := m.City(i); ok {
		fmt.Fprintf(&b, "city: %s (%s)\n", c.Name, cityWords(c))
	}
	if n := m.CountryOf(i); n != "" {
		fmt.Fprintf(&b, "country: %s\n", n)
	}
	fmt.Fprintf(&b, "control: %s\n", m.Control[i])
	var regions []string
	for _, r := range m.Regions {
		if r.Hexes.Has(i) {
			regions = append(regions, r.Name)
		}
	}
	if len(regions) > 0 {
		fmt.Fprintf(&b, "regions: %s\n", strings.Join(regions, ", "))
	}
	for s := core.Axis; s <= core.Soviet; s++ {
		if m.IsEdge(s, i) {
			fmt.Fprintf(&b, "map edge: %s\n", s)
		}
	}
	if m.IsRail(i) {
		fmt.Fprintf(&b, "rail: yes\n")
	}
	for d := core.N; d <= core.NW; d++ {
		n := int(m.Nbr[i][d])
		if n < 0 {
			fmt.Fprintf(&b, "%-2s off the map\n", d)
			continue
		}
		var what []string
		what = append(what, m.Terrain[n].String())
		bit := uint8(1) << d
		if m.River[i]&bit != 0 {
			what = append(what, "across a river")
		}
		if m.Strait[i]&bit != 0 {
			what = append(what, "across a strait")
		} else if m.WaterSide[i]&bit != 0 {
			what = append(what, "across water (no crossing)")
		}
		if m.Rail[i]&bit != 0 {
			what = append(what, "rail")
		}
		if c, ok := m.City(n); ok {
			what = append(what, c.Name)
		}
		fmt.Fprintf(&b, "%-2s %s: %s\n", d, m.ID(n), strings.Join(what, ", "))
	}
	for _, l := range m.RailLink[i] {
		fmt.Fprintf(&b, "rail link to %s\n", m.ID(l))
	}
	return b.String(), nil
}

// Summary describes a map in one line: sheets, size, hexes, land.
func Summary(m *core.Map) string {
	var sheets []string
	hexes, land := 0, 0
	for _, s := range m.Sheets {
		sheets = append(sheets, fmt.Sprintf("%s %d×%d", s.Name, s.Cols, s.Rows))
	}
	for i, on := range m.OnMap {
		if on {
			hexes++
			if !m.Terrain[i].Water() {
				land++
			}
		}
	}
	return fmt.Sprintf("sheets %s; %d hexes, %d land; %d cities", strings.Join(sheets, ", "), hexes, land, len(m.Cities))
}
