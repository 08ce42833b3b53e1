package core

import (
	"fmt"
	"strconv"
	"strings"
)

// Offset steps from hex h as off says: "DIR:N", N hexes in direction DIR
// (N, NE, SE, S, SW, NW; N defaults to 1): the part after the @ of a
// place such as "Kursk@NW:2".
func (m *Map) Offset(h int, off string) (int, error) {
	ds, ns, _ := strings.Cut(off, ":")
	n := 1
	if ns != "" {
		v, err := strconv.Atoi(ns)
		if err != nil || v < 0 || v > m.W+m.H {
			return -1, fmt.Errorf("@%s: %q is not a number of hexes", off, ns)
		}
		n = v
	}
	d := Dir(-1)
	for k := N; k <= NW; k++ {
		if strings.EqualFold(k.String(), strings.TrimSpace(ds)) {
			d = k
		}
	}
	if d < 0 {
		return -1, fmt.Errorf("@%s: %q is not a direction (N, NE, SE, S, SW, NW)", off, ds)
	}
	for range n {
		next := int(m.Nbr[h][d])
		if next < 0 {
			return -1, fmt.Errorf("%s@%s runs off the map", m.ID(h), off)
		}
		h = next
	}
	return h, nil
}

// resolveOffset resolves a place with an offset, "Kursk@NW:1".
func (m *Map) resolveOffset(s string) (int, error) {
	base, off, _ := strings.Cut(s, "@")
	h, err := m.Resolve(base)
	if err != nil {
		return -1, err
	}
	return m.Offset(h, off)
}
