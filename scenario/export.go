package scenario

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
)

// ExportSetup writes the scenario's file again with its [[setup]] tables
// replaced by the position laid out on the board: at gives the hex id of
// each setup unit placed (by unit id). Each table's placed units become
// a table of fixed hexes (hexes = [...], one per unit) under the same
// name and side; the units not placed keep the table's area. The rest of
// the file is kept as written. The text reads back to the same position
// (gpw check: a fixed hex must be one its side holds, one combat unit a
// hex).
func ExportSetup(sc *Scenario, at map[string]string) ([]byte, error) {
	if len(sc.Setup) == 0 {
		return nil, fmt.Errorf("%s has no [[setup]] tables to lay out", sc.File)
	}
	lines := strings.SplitAfter(string(sc.Source), "\n")
	t := newText(sc.File, sc.Source)
	plain := t.lineList()
	drop := make([]bool, len(lines))
	for _, g := range sc.Setup {
		if g.File != "" && g.File != sc.File {
			continue
		}
		i := g.Line - 1
		if i < 0 || i >= len(lines) {
			return nil, fmt.Errorf("%s: setup table at line %d not found", sc.File, g.Line)
		}
		end := i + 1
		for end < len(lines) && end < len(plain) {
			if l := strings.TrimSpace(plain[end]); isHeader(l) {
				break
			}
			end++
		}
		// comments and blank lines before the next table are that table's
		for end > i+1 && strings.TrimSpace(plain[end-1]) == "" {
			end--
		}
		for j := i; j < end; j++ {
			drop[j] = true
		}
	}
	var b bytes.Buffer
	for i, l := range lines {
		if !drop[i] {
			b.WriteString(l)
		}
	}
	out := bytes.TrimRight(b.Bytes(), "\n")
	b2 := bytes.NewBuffer(append([]byte(nil), out...))
	b2.WriteString("\n\n# The setup as laid out on the board (gpw play: export).\n")
	placed := 0
	for _, g := range sc.Setup {
		var fixedU, fixedH, left []string
		for _, id := range g.Units {
			if h, ok := at[id]; ok {
				fixedU, fixedH = append(fixedU, id), append(fixedH, h)
			} else {
				left = append(left, id)
			}
		}
		placed += len(fixedU)
		reduced := func(units []string) []string {
			var r []string
			for _, id := range g.Reduced {
				for _, u := range units {
					if u == id {
						r = append(r, id)
					}
				}
			}
			return r
		}
		if len(fixedU) > 0 {
			fmt.Fprintf(b2, "\n[[setup]]\nname = %s\nside = %s\nunits = %s\nhexes = %s\n", strconv.Quote(g.PoolName()), strconv.Quote(g.SideV.String()), list(fixedU), list(fixedH))
			if r := reduced(fixedU); len(r) > 0 {
				fmt.Fprintf(b2, "reduced = %s\n", list(r))
			}
		}
		if len(left) > 0 {
			fmt.Fprintf(b2, "\n[[setup]]\nname = %s\nside = %s\n", strconv.Quote(g.PoolName()), strconv.Quote(g.SideV.String()))
			if g.Hex != "" || g.City != "" || len(g.Hexes) > 0 {
				// a table of fixed hexes, some of whose units were not placed:
				// they keep theirs
				var hs []string
				for k, id := range g.Units {
					if _, ok := at[id]; !ok && k < len(g.Hexes) {
						hs = append(hs, g.Hexes[k])
					} else if !ok {
						hs = append(hs, g.Hex+g.City)
					}
				}
				fmt.Fprintf(b2, "hexes = %s\n", list(hs))
			}
			for _, kv := range []struct {
				k, v string
			}{{"region", g.Region}, {"country", g.Country}, {"near", g.Near}} {
				if kv.v != "" {
					fmt.Fprintf(b2, "%s = %s\n", kv.k, strconv.Quote(kv.v))
				}
			}
			if g.Near != "" {
				fmt.Fprintf(b2, "radius = %d\n", g.Radius)
			}
			if g.Front > 0 {
				fmt.Fprintf(b2, "front = %d\n", g.Front)
			}
			fmt.Fprintf(b2, "units = %s\n", list(left))
			if r := reduced(left); len(r) > 0 {
				fmt.Fprintf(b2, "reduced = %s\n", list(r))
			}
		}
	}
	if placed == 0 {
		return nil, fmt.Errorf("no setup unit is on the map yet: place some first (place UNIT HEX)")
	}
	return b2.Bytes(), nil
}

// isHeader reports whether a line (comments removed) is a table header.
func isHeader(l string) bool {
	return strings.HasPrefix(l, "[") && strings.HasSuffix(l, "]") && !strings.Contains(l, "=")
}

// list writes strings as a TOML array.
func list(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = strconv.Quote(s)
	}
	return "[" + strings.Join(q, ", ") + "]"
}
