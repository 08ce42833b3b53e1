package bot

import (
	"cmp"
	"slices"

	"gpw/core"
)

// ringHex is a hex of a neighbourhood and its distance from the centre.
type ringHex struct {
	h int32
	d int8
}

// rings keeps, per centre hex, the land hexes within 12 hexes over land
// in the order a search from the centre meets them (spread's field): the
// map does not change in a game, so each is searched once.
type rings struct {
	m   *core.Map
	hex map[int][]ringHex
	// field keeps, per hex, the distance over land from it to every hex
	// (distanceFrom one hex), which also depends only on the map
	field map[int][]int16
	buf   []ringHex // scratch for around's search
}

// shareRings lets helper h read and add to b's neighbourhoods and
// fields (they depend only on the map, which clones share), so that each
// look-ahead's helpers do not search them again.
func (b *Bot) shareRings(h *Bot) {
	if b.e == nil {
		return
	}
	if b.rings.m != b.e.m {
		b.rings = rings{m: b.e.m, hex: map[int][]ringHex{}}
	}
	if b.rings.field == nil {
		b.rings.field = map[int][]int16{}
	}
	h.rings = rings{m: b.rings.m, hex: b.rings.hex, field: b.rings.field}
}

// fieldFrom is distanceFrom hex h alone on map m, searched the first
// time it is asked; callers do not change it.
func (b *Bot) fieldFrom(v *view, h int) []int16 {
	m := v.m
	if b.rings.m != m {
		b.rings = rings{m: m, hex: map[int][]ringHex{}}
	}
	if f, ok := b.rings.field[h]; ok {
		return f
	}
	f := v.search([]int{h})
	if b.rings.field == nil {
		b.rings.field = map[int][]int16{}
	}
	b.rings.field[h] = f
	return f
}

// around is the neighbourhood of hex h on map m, searched the first time
// it is asked.
func (b *Bot) around(m *core.Map, h int) []ringHex {
	if b.rings.m != m {
		b.rings = rings{m: m, hex: map[int][]ringHex{}}
	}
	if r, ok := b.rings.hex[h]; ok {
		return r
	}
	if len(b.stamp) != m.Len() {
		b.stamp = make([]int32, m.Len())
		b.depth = make([]int8, m.Len())
	}
	b.stampN++
	id := b.stampN
	r := append(b.rings.buf[:0], ringHex{int32(h), 0})
	b.stamp[h] = id
	for i := 0; i < len(r); i++ {
		a, dd := r[i].h, r[i].d
		if dd >= 12 {
			continue
		}
		for _, nb := range m.Nbr[a] {
			if nb >= 0 && b.stamp[nb] != id && m.OnMap[nb] && !m.Terrain[nb].Water() {
				b.stamp[nb] = id
				r = append(r, ringHex{nb, dd + 1})
			}
		}
	}
	b.rings.buf = r
	out := make([]ringHex, len(r)) // kept for the game: one allocation, no spare
	copy(out, r)
	b.rings.hex[h] = out
	return out
}

// hexDist is the distance in hexes between hexes a and b of map m
// (m.Distance, read from the map's coordinate table).
func (b *Bot) hexDist(m *core.Map, a, c int) int { return m.Distance(a, c) }

// byStatic orders candidates by static score, highest first.
func byStatic(a, b cand) int {
	switch {
	case a.static > b.static:
		return -1
	case a.static < b.static:
		return 1
	}
	return 0
}

// sortCands orders cs by static score, highest first, keeping the order
// of equal scores (a stable sort). Candidates listed by hex, as the
// engine lists destinations, are sorted by score then hex instead, which
// is the same order and quicker than the stable sort's merges.
func sortCands(cs []cand) {
	for i := range cs {
		if cs[i].static != cs[i].static || (i > 0 && cs[i].h <= cs[i-1].h) { // NaN, or not by hex
			slices.SortStableFunc(cs, byStatic)
			return
		}
	}
	slices.SortFunc(cs, func(a, b cand) int {
		if c := byStatic(a, b); c != 0 {
			return c
		}
		return cmp.Compare(a.h, b.h)
	})
}
