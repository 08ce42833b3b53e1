package scenario

import (
	"fmt"
	"slices"
	"strings"

	"gpw/core"
)

// checkRoom checks that each side's setup tables can place all their
// combat units at once, one to a free hex of its area (fixed hexes taken
// out): areas that overlap may each be large enough and yet too small
// together. The tables are matched to hexes by a maximum flow over the
// classes of hexes the same tables share; when the flow falls short, the
// tables it could not serve (Hall's condition) are named with their lines.
func checkRoom(src *source, sc *Scenario, x *expander, fixed core.Bitset) {
	if x == nil {
		return
	}
	for _, side := range []core.Side{core.Axis, core.Soviet} {
		var tabs []int
		var need []int
		for i := range sc.Setup {
			g := &sc.Setup[i]
			if g.Area == nil || g.SideV != side {
				continue
			}
			n := 0
			for _, id := range g.Units {
				if u, ok := x.units[id]; ok && !sc.Kinds.NonCombat[u.Kind] {
					n++
				}
			}
			tabs, need = append(tabs, i), append(need, n)
		}
		if len(tabs) == 0 {
			continue
		}
		short := roomShort(sc, tabs, need, fixed)
		if short == nil {
			continue
		}
		units, free := 0, core.NewBitset(sc.Map.Len())
		for _, t := range short {
			units += need[t]
			sc.Setup[tabs[t]].Area.Each(func(h int) {
				if !fixed.Has(h) {
					free.Set(h)
				}
			})
		}
		g := &sc.Setup[tabs[short[0]]]
		if len(short) == 1 {
			src.errorf(g.Line, "setup %s: %d combat units but only %d free hexes in its area%s", g.PoolName(), units, free.Count(), whyEmpty(sc, g, fixed))
			continue
		}
		var names []string
		for _, t := range short {
			o := &sc.Setup[tabs[t]]
			names = append(names, fmt.Sprintf("%s (%s:%d, %d units)", o.PoolName(), o.File, o.Line, need[t]))
		}
		src.errorf(g.Line, "setups %s overlap: together %d combat units but only %d free hexes in their areas, one unit a hex", strings.Join(names, " and "), units, free.Count())
	}
}

// roomShort matches the tables tabs (each needing need[k] hexes) to the
// free hexes of their areas; it returns nil when all fit, else the
// indexes (into tabs) of a set of tables whose areas together hold fewer
// free hexes than they need.
func roomShort(sc *Scenario, tabs, need []int, fixed core.Bitset) []int {
	m := sc.Map
	// classes: hexes contained in the same tables
	type class struct {
		tabs []int
		n    int
	}
	idx := map[string]int{}
	var classes []class
	key := make([]byte, 0, len(tabs))
	for h := 0; h < m.Len(); h++ {
		if fixed.Has(h) {
			continue
		}
		key = key[:0]
		inAny := false
		for _, t := range tabs {
			if sc.Setup[t].Area.Has(h) {
				key, inAny = append(key, '1'), true
			} else {
				key = append(key, '0')
			}
		}
		if !inAny {
			continue
		}
		c, ok := idx[string(key)]
		if !ok {
			var in []int
			for k, b := range key {
				if b == '1' {
					in = append(in, k)
				}
			}
			c = len(classes)
			idx[string(key)] = c
			classes = append(classes, class{tabs: in})
		}
		classes[c].n++
	}
	// nodes: 0 source, 1..T tables, T+1..T+C classes, T+C+1 sink
	T, C := len(tabs), len(classes)
	n := T + C + 2
	sink := n - 1
	capa := make([][]int, n)
	for i := range capa {
		capa[i] = make([]int, n)
	}
	const inf = 1 << 30
	for k := range tabs {
		capa[0][1+k] = need[k]
	}
	for c, cl := range classes {
		for _, k := range cl.tabs {
			capa[1+k][1+T+c] = inf
		}
		capa[1+T+c][sink] = cl.n
	}
	total := 0
	for _, v := range need {
		total += v
	}
	flow := 0
	prev := make([]int, n)
	for flow < total {
		for i := range prev {
			prev[i] = -1
		}
		prev[0] = 0
		queue := []int{0}
		for len(queue) > 0 && prev[sink] < 0 {
			u := queue[0]
			queue = queue[1:]
			for v := 0; v < n; v++ {
				if prev[v] < 0 && capa[u][v] > 0 {
					prev[v] = u
					queue = append(queue, v)
				}
			}
		}
		if prev[sink] < 0 {
			break
		}
		add := inf
		for v := sink; v != 0; v = prev[v] {
			add = min(add, capa[prev[v]][v])
		}
		for v := sink; v != 0; v = prev[v] {
			capa[prev[v]][v] -= add
			capa[v][prev[v]] += add
		}
		flow += add
	}
	if flow >= total {
		return nil
	}
	// the tables still reachable from the source: their areas are full
	var short []int
	for k := range tabs {
		if prev[1+k] >= 0 {
			short = append(short, k)
		}
	}
	return short
}

// whyEmpty says why a table's area has no free hex, when it has none:
// what holds the hexes its keys name.
func whyEmpty(sc *Scenario, g *SetupSpec, fixed core.Bitset) string {
	if g.Area.Count() > 0 && !allFixed(g.Area, fixed) {
		return ""
	}
	m := sc.Map
	if g.raw == nil || g.raw.Count() == 0 {
		return ": its keys (region, country, near, front) name no land hex together"
	}
	neutral, enemy, closed, fixedN := 0, 0, 0, 0
	cl := sc.closedTo(g.SideV)
	g.raw.Each(func(h int) {
		switch {
		case fixed.Has(h):
			fixedN++
		case cl != nil && cl.Has(h):
			closed++
		case m.Control[h] == core.NoSide:
			neutral++
		case m.Control[h] != g.SideV:
			enemy++
		}
	})
	var parts []string
	if neutral > 0 {
		parts = append(parts, fmt.Sprintf("%d neutral", neutral))
	}
	if enemy > 0 {
		parts = append(parts, fmt.Sprintf("%d held by the %s side", enemy, g.SideV.Enemy()))
	}
	if closed > 0 {
		parts = append(parts, fmt.Sprintf("%d closed to %s units ([closed])", closed, g.SideV))
	}
	if fixedN > 0 {
		parts = append(parts, fmt.Sprintf("%d taken by units set up on fixed hexes", fixedN))
	}
	return fmt.Sprintf(": of the %d land hexes its keys name, %s (a unit is set up on a hex its side controls: GDW: Beginning Play)", g.raw.Count(), strings.Join(parts, ", "))
}

func allFixed(area, fixed core.Bitset) bool {
	all := true
	area.Each(func(h int) { all = all && fixed.Has(h) })
	return all
}

// didYouMean is the end of an error about an unknown name: the names
// within a few typing mistakes of it, or else the list of all (what).
func didYouMean(name string, names []string, what string) string {
	if near := core.NearNames(name, names); len(near) > 0 {
		return fmt.Sprintf(" (did you mean %q?)", near[0])
	}
	if len(names) > 20 || what == "" {
		return ""
	}
	names = slices.Clone(names)
	slices.Sort(names)
	return fmt.Sprintf(" (%s: %s)", what, strings.Join(names, ", "))
}

// closedTo is the hexes the scenario's [closed] table closes to side
// (nil for none).
func (sc *Scenario) closedTo(side core.Side) core.Bitset {
	if side != core.Axis && side != core.Soviet {
		return nil
	}
	return sc.closedHexes[side]
}
