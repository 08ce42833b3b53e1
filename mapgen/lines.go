package mapgen

import (
	"fmt"
	"math"

	"gpw/core"
)

// vertexPath returns the corners from a to b along hexsides, a shortest
// path in the lattice of corners (breadth first, in a fixed order).
func vertexPath(a, b Vertex) []Vertex {
	if a == b {
		return []Vertex{a}
	}
	prev := map[Vertex]Vertex{a: a}
	queue := []Vertex{a}
	for len(queue) > 0 && len(prev) < 5000 {
		v := queue[0]
		queue = queue[1:]
		for _, n := range v.Neighbors() {
			if _, ok := prev[n]; ok {
				continue
			}
			prev[n] = v
			if n == b {
				path := []Vertex{b}
				for p := v; p != a; p = prev[p] {
					path = append(path, p)
				}
				path = append(path, a)
				for i, j := 0, len(path)-1; i < j; i, j = i+1, j-1 {
					path[i], path[j] = path[j], path[i]
				}
				return path
			}
			queue = append(queue, n)
		}
	}
	return []Vertex{a, b}
}

// snapLine returns the chain of hex corners nearest to a polyline.
func (g Grid) snapLine(points [][2]float64) []Vertex {
	var chain []Vertex
	step := g.S / 4
	add := func(px, py float64) {
		v := g.NearestVertex(px, py)
		if len(chain) == 0 {
			chain = append(chain, v)
			return
		}
		last := chain[len(chain)-1]
		if v == last {
			return
		}
		path := vertexPath(last, v)
		chain = append(chain, path[1:]...)
	}
	for k := 0; k+1 < len(points); k++ {
		ax, ay := g.Pixel(points[k][0], points[k][1])
		bx, by := g.Pixel(points[k+1][0], points[k+1][1])
		n := int(math.Ceil(math.Hypot(bx-ax, by-ay) / step))
		if n < 1 {
			n = 1
		}
		for i := 0; i <= n; i++ {
			t := float64(i) / float64(n)
			add(ax+(bx-ax)*t, ay+(by-ay)*t)
		}
	}
	return prune(chain)
}

// prune removes out-and-back spurs (a, b, a) from a chain of corners.
func prune(chain []Vertex) []Vertex {
	var out []Vertex
	for _, v := range chain {
		if n := len(out); n >= 2 && out[n-2] == v {
			out = out[:n-1]
			continue
		}
		out = append(out, v)
	}
	return out
}

func (c *Compiled) snapRivers(s *Source) {
	m, g := c.Map, c.Grid
	for _, r := range s.Rivers {
		chain := g.snapLine(r.Points)
		var runs [][][2]int
		var run [][2]int
		seen := map[[2]int]bool{}
		flush := func() {
			if len(run) > 0 {
				runs = append(runs, run)
				run = nil
			}
		}
		for k := 0; k+1 < len(chain); k++ {
			h1, h2, _ := g.SideHexes(chain[k], chain[k+1])
			a, b := m.Index(h1), m.Index(h2)
			if a < 0 || b < 0 || m.Terrain[a].Water() || m.Terrain[b].Water() {
				flush()
				continue
			}
			if d, _ := m.Adjacent(a, b); m.WaterSide[a]&(1<<d) != 0 {
				flush()
				continue
			}
			if a > b {
				a, b = b, a
			}
			p := [2]int{a, b}
			if !seen[p] {
				seen[p] = true
				m.AddRiver(a, b)
			}
			run = append(run, p)
		}
		flush()
		for _, sides := range mergeRuns(m, runs) {
			c.Rivers = append(c.Rivers, River{Name: r.Name, Sides: sides})
		}
	}
}

// mergeRuns joins runs of hexsides that touch and removes repeated sides.
func mergeRuns(m *core.Map, runs [][][2]int) [][][2]int {
	var out [][][2]int
	for _, run := range runs {
		merged := false
		for k := range out {
			if touches(m, out[k], run) {
				out[k] = appendNew(out[k], run)
				merged = true
				break
			}
		}
		if !merged {
			out = append(out, appendNew(nil, run))
		}
	}
	return out
}

func appendNew(dst, src [][2]int) [][2]int {
	have := map[[2]int]bool{}
	for _, p := range dst {
		have[p] = true
	}
	for _, p := range src {
		if !have[p] {
			have[p] = true
			dst = append(dst, p)
		}
	}
	return dst
}

// SideVertices returns the two corners of the hexside between adjacent
// hexes a and b.
func SideVertices(m *core.Map, a, b int) (Vertex, Vertex) {
	d, _ := m.Adjacent(a, b)
	return SideCorners(m.Hex(a), d)
}

func touches(m *core.Map, x, y [][2]int) bool {
	vs := map[Vertex]bool{}
	for _, p := range x {
		v1, v2 := SideVertices(m, p[0], p[1])
		vs[v1], vs[v2] = true, true
	}
	for _, p := range y {
		v1, v2 := SideVertices(m, p[0], p[1])
		if vs[v1] || vs[v2] {
			return true
		}
	}
	return false
}

// landPath finds a shortest chain of land hexes from a to b (both on the
// map), or nil.
func landPath(m *core.Map, a, b int) []int {
	prev := map[int]int{a: a}
	queue := []int{a}
	for len(queue) > 0 {
		h := queue[0]
		queue = queue[1:]
		if h == b {
			var path []int
			for p := b; p != a; p = prev[p] {
				path = append(path, p)
			}
			path = append(path, a)
			for i, j := 0, len(path)-1; i < j; i, j = i+1, j-1 {
				path[i], path[j] = path[j], path[i]
			}
			return path
		}
		for d := core.N; d <= core.NW; d++ {
			n := int(m.Nbr[h][d])
			if _, ok := prev[n]; ok || n < 0 || m.Blocked(h, d) {
				continue
			}
			prev[n] = h
			queue = append(queue, n)
		}
	}
	return nil
}

func (c *Compiled) layRails(s *Source) {
	m, g := c.Map, c.Grid
	for _, r := range s.Rails {
		// the whole chain in axial hexes, on the map or not
		var chain []core.Hex
		for k, name := range r.Places {
			ct, _ := s.City(name)
			h := g.HexOf(ct.At[0], ct.At[1])
			if city, ok := m.FindCity(name); ok {
				h = m.Hex(city.Hex)
			}
			if k == 0 {
				chain = append(chain, h)
				continue
			}
			last := chain[len(chain)-1]
			seg := last.Line(h)[1:]
			a, b := m.Index(last), m.Index(h)
			water := false
			for _, x := range seg {
				if i := m.Index(x); i >= 0 && m.Terrain[i].Water() {
					water = true
				}
			}
			if water && a >= 0 && b >= 0 {
				if p := landPath(m, a, b); p != nil {
					seg = seg[:0]
					for _, i := range p[1:] {
						seg = append(seg, m.Hex(i))
					}
				}
			}
			chain = append(chain, seg...)
		}
		// split into runs on the map, linked where the line leaves and
		// comes back
		var runs [][]int
		var cur []int
		for _, h := range chain {
			i := m.Index(h)
			if i < 0 || m.Terrain[i].Water() {
				if len(cur) > 0 {
					runs = append(runs, cur)
					cur = nil
				}
				continue
			}
			if len(cur) > 0 && cur[len(cur)-1] == i {
				continue
			}
			cur = append(cur, i)
		}
		if len(cur) > 0 {
			runs = append(runs, cur)
		}
		var kept [][]int
		for _, run := range runs {
			if len(run) >= 2 {
				kept = append(kept, run)
			}
		}
		for k, run := range kept {
			m.AddRailLine(run)
			name := r.Name
			if len(kept) > 1 {
				name = fmt.Sprintf("%s (%d)", r.Name, k+1)
			}
			c.Rails = append(c.Rails, RailLine{Name: name, Hexes: run})
			if k > 0 {
				a, b := kept[k-1][len(kept[k-1])-1], run[0]
				if _, adj := m.Adjacent(a, b); !adj && a != b {
					m.AddRailLink(a, b)
					c.RailLinks = append(c.RailLinks, [2]int{a, b})
				}
			}
		}
	}
}
