package mapgen

import (
	"math"

	"gpw/core"
)

// Grid lays flat-topped hexes over the projected plane. Pixel coordinates
// (PX east, PY south, km) have their origin where global column 0, row 0
// would have its centre; the centre of axial hex (q, r) is at
// (1.5·s·q, √3·s·(r+q/2)) with s the hex's circumradius.
type Grid struct {
	Proj   Conic
	S      float64 // circumradius, km
	X0, Y0 float64 // projected coordinates of the pixel origin
}

// NewGrid makes the grid of hexes hexKM apart (centre to centre) whose hex
// at global column 1, row 0 is centred on lon, lat.
func NewGrid(p Conic, hexKM, lon, lat float64) Grid {
	g := Grid{Proj: p, S: hexKM / math.Sqrt(3)}
	x, y := p.Forward(lon, lat)
	cx, cy := g.Center(core.Offset{Col: 1, Row: 0}.Axial())
	g.X0, g.Y0 = x-cx, y+cy
	return g
}

// Center returns the pixel centre of hex h.
func (g Grid) Center(h core.Hex) (px, py float64) {
	return 1.5 * g.S * float64(h.Q), math.Sqrt(3) * g.S * (float64(h.R) + float64(h.Q)/2)
}

// Pixel projects a longitude and latitude to pixel coordinates.
func (g Grid) Pixel(lon, lat float64) (px, py float64) {
	x, y := g.Proj.Forward(lon, lat)
	return x - g.X0, g.Y0 - y
}

// LonLat returns the longitude and latitude of a pixel point.
func (g Grid) LonLat(px, py float64) (lon, lat float64) {
	return g.Proj.Inverse(px+g.X0, g.Y0-py)
}

// HexAt returns the hex holding the pixel point.
func (g Grid) HexAt(px, py float64) core.Hex {
	q := (2.0 / 3 * px) / g.S
	r := (-1.0/3*px + math.Sqrt(3)/3*py) / g.S
	return cubeRound(q, r)
}

// HexOf returns the hex holding a longitude and latitude.
func (g Grid) HexOf(lon, lat float64) core.Hex { return g.HexAt(g.Pixel(lon, lat)) }

func cubeRound(fq, fr float64) core.Hex {
	fs := -fq - fr
	q, r, s := math.Round(fq), math.Round(fr), math.Round(fs)
	dq, dr, ds := math.Abs(q-fq), math.Abs(r-fr), math.Abs(s-fs)
	switch {
	case dq > dr && dq > ds:
		q = -r - s
	case dr > ds:
		r = -q - s
	}
	return core.Hex{Q: int(q), R: int(r)}
}

// Vertex is a hex corner in the lattice of corners: X in units of s/2,
// Y in units of √3·s/2 (pixel axes).
type Vertex struct{ X, Y int }

// cornerDX and cornerDY give corner k (clockwise from east) of a hex
// relative to its centre in vertex units.
var cornerDX = [6]int{2, 1, -1, -2, -1, 1}
var cornerDY = [6]int{0, 1, 1, 0, -1, -1}

// Corner returns corner k (0 east, then clockwise) of hex h.
func Corner(h core.Hex, k int) Vertex {
	return Vertex{3*h.Q + cornerDX[k], 2*h.R + h.Q + cornerDY[k]}
}

// SideCorners returns the two corners of the hexside of h in direction d.
func SideCorners(h core.Hex, d core.Dir) (Vertex, Vertex) {
	return Corner(h, (int(d)+4)%6), Corner(h, (int(d)+5)%6)
}

// VertexPixel returns the pixel position of the vertex.
func (g Grid) VertexPixel(v Vertex) (px, py float64) {
	return float64(v.X) * g.S / 2, float64(v.Y) * math.Sqrt(3) * g.S / 2
}

// Neighbors returns the three corners joined to v by a hexside.
func (v Vertex) Neighbors() [3]Vertex {
	if mod(v.X, 3) == 2 {
		return [3]Vertex{{v.X + 2, v.Y}, {v.X - 1, v.Y - 1}, {v.X - 1, v.Y + 1}}
	}
	return [3]Vertex{{v.X - 2, v.Y}, {v.X + 1, v.Y - 1}, {v.X + 1, v.Y + 1}}
}

func mod(a, b int) int { return ((a % b) + b) % b }

// NearestVertex returns the hex corner nearest to a pixel point.
func (g Grid) NearestVertex(px, py float64) Vertex {
	h := g.HexAt(px, py)
	best, bd := Vertex{}, math.Inf(1)
	for k := 0; k < 6; k++ {
		v := Corner(h, k)
		x, y := g.VertexPixel(v)
		if d := math.Hypot(x-px, y-py); d < bd {
			best, bd = v, d
		}
	}
	return best
}

// SideHexes returns the two hexes on either side of the hexside from a to
// b (adjacent vertices), and the direction from the first to the second.
func (g Grid) SideHexes(a, b Vertex) (core.Hex, core.Hex, core.Dir) {
	ax, ay := g.VertexPixel(a)
	bx, by := g.VertexPixel(b)
	mx, my := (ax+bx)/2, (ay+by)/2
	nx, ny := -(by - ay), bx-ax // normal, length s
	h1 := g.HexAt(mx+0.4*nx, my+0.4*ny)
	h2 := g.HexAt(mx-0.4*nx, my-0.4*ny)
	d, _ := h1.DirTo(h2)
	return h1, h2, d
}
