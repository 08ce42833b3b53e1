package mapgen

import (
	"bufio"
	"fmt"
	"io"

	"gpw/core"
)

// WriteTOML writes the compiled map in the map file format that
// scenario.LoadMapFile reads. The same map always gives the same bytes.
func (c *Compiled) WriteTOML(w io.Writer) error {
	m := c.Map
	b := bufio.NewWriter(w)
	id := func(i int) string { return fmt.Sprintf("%q", m.ID(i)) }
	list := func(key string, hexes []int) {
		fmt.Fprintf(b, "%s = [", key)
		for k, h := range hexes {
			if k%10 == 0 {
				b.WriteString("\n  ")
			} else {
				b.WriteString(" ")
			}
			b.WriteString(id(h) + ",")
		}
		b.WriteString("\n]\n")
	}
	pairs := func(key string, ps [][2]int) {
		fmt.Fprintf(b, "%s = [", key)
		for k, p := range ps {
			if k%5 == 0 {
				b.WriteString("\n  ")
			} else {
				b.WriteString(" ")
			}
			fmt.Fprintf(b, "[%s, %s],", id(p[0]), id(p[1]))
		}
		b.WriteString("\n]\n")
	}
	where := func(keep func(i int) bool) []int {
		var hs []int
		for i, on := range m.OnMap {
			if on && keep(i) {
				hs = append(hs, i)
			}
		}
		return hs
	}
	fmt.Fprintf(b, "# %s: the theatre map, compiled by `gpw map build` from maps/geo.\n", m.Name)
	b.WriteString("# Do not edit by hand: change maps/geo and rebuild.\n")
	for _, n := range c.Notes {
		fmt.Fprintf(b, "# note: %s\n", n)
	}
	fmt.Fprintf(b, "format_version = 1\nname = %q\naxis_edge = \"west\"\nsoviet_edge = \"east\"\n", m.Name)
	pairs("straits", c.Straits)
	pairs("water_sides", c.WaterSides)
	pairs("rail_links", c.RailLinks)
	for _, s := range m.Sheets {
		fmt.Fprintf(b, "\n[[sheets]]\nname = %q\ncol0 = %d\nrow0 = %d\ncols = %d\nrows = %d\n", s.Name, s.Col0, s.Row0, s.Cols, s.Rows)
	}
	b.WriteString("\n[terrain]\n")
	for t := core.Forest; t < core.NumTerrain; t++ {
		list(t.String(), where(func(i int) bool { return m.Terrain[i] == t }))
	}
	b.WriteString("\n[control]\n")
	for s := core.Axis; s <= core.Soviet; s++ {
		list(s.String(), where(func(i int) bool { return m.Control[i] == s }))
	}
	for _, r := range c.Rivers {
		fmt.Fprintf(b, "\n[[river]]\nname = %q\n", r.Name)
		pairs("sides", r.Sides)
	}
	for _, r := range c.Rails {
		fmt.Fprintf(b, "\n[[rail]]\nname = %q\n", r.Name)
		list("hexes", r.Hexes)
	}
	for _, ct := range m.Cities {
		fmt.Fprintf(b, "\n[[city]]\nhex = %s\nname = %q\nkind = %q\n", id(ct.Hex), ct.Name, ct.Kind)
		if ct.Capital != core.NoSide {
			fmt.Fprintf(b, "capital = %q\n", ct.Capital)
		}
		if len(ct.Aliases) > 0 {
			fmt.Fprintf(b, "aliases = [")
			for i, a := range ct.Aliases {
				if i > 0 {
					fmt.Fprint(b, ", ")
				}
				fmt.Fprintf(b, "%q", a)
			}
			fmt.Fprintln(b, "]")
		}
	}
	for k, name := range m.Countries {
		fmt.Fprintf(b, "\n[[country]]\nname = %q\n", name)
		list("hexes", where(func(i int) bool { return int(m.Country[i]) == k+1 }))
	}
	for _, r := range m.Regions {
		fmt.Fprintf(b, "\n[[region]]\nname = %q\n", r.Name)
		list("hexes", where(r.Hexes.Has))
	}
	return b.Flush()
}
