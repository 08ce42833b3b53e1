package mapgen

import (
	"math"
	"testing"

	"gpw/core"
)

func TestConicRoundTrip(t *testing.T) {
	p := NewConic(45, 57, 52, 32)
	tests := []struct{ lon, lat float64 }{
		{13.4, 52.52}, {37.62, 55.75}, {50.1, 53.2}, {33.52, 44.62}, {32, 52}, {6.8, 61}, {55, 41},
	}
	for _, tt := range tests {
		x, y := p.Forward(tt.lon, tt.lat)
		lon, lat := p.Inverse(x, y)
		if math.Abs(lon-tt.lon) > 1e-9 || math.Abs(lat-tt.lat) > 1e-9 {
			t.Errorf("(%g, %g) came back as (%g, %g)", tt.lon, tt.lat, lon, lat)
		}
	}
}

func TestConicTrueAlongStandardParallels(t *testing.T) {
	p := NewConic(45, 57, 52, 32)
	for _, lat := range []float64{45, 57} {
		// one degree of longitude along the parallel
		x1, y1 := p.Forward(30, lat)
		x2, y2 := p.Forward(31, lat)
		got := math.Hypot(x2-x1, y2-y1)
		want := GreatCircle(30, lat, 31, lat)
		if math.Abs(got-want)/want > 0.001 {
			t.Errorf("at %g°N one degree of longitude is %.2f km on the plane, %.2f km on the globe", lat, got, want)
		}
	}
}

func TestGreatCircle(t *testing.T) {
	// a degree of latitude is 111.2 km on a sphere of 6371 km
	if d := GreatCircle(30, 50, 30, 51); math.Abs(d-111.19) > 0.01 {
		t.Errorf("one degree of latitude is %.2f km", d)
	}
}

func TestHexAtCenter(t *testing.T) {
	g := NewGrid(NewConic(45, 57, 52, 32), 70, 30, 50)
	for q := -3; q <= 3; q++ {
		for r := -3; r <= 3; r++ {
			h := core.Hex{Q: q, R: r}
			if got := g.HexAt(g.Center(h)); got != h {
				t.Errorf("the centre of %v lies in %v", h, got)
			}
			// neighbouring centres are hex_km apart
			for d := core.N; d <= core.NW; d++ {
				ax, ay := g.Center(h)
				bx, by := g.Center(h.Neighbor(d))
				if dist := math.Hypot(bx-ax, by-ay); math.Abs(dist-70) > 1e-9 {
					t.Errorf("%v to its %s neighbour: %g km", h, d, dist)
				}
			}
		}
	}
	if lon, lat := g.LonLat(g.Center(core.Offset{Col: 1, Row: 0}.Axial())); math.Abs(lon-30) > 1e-9 || math.Abs(lat-50) > 1e-9 {
		t.Errorf("hex 0101 is centred on (%g, %g), want (30, 50)", lon, lat)
	}
}

func TestHexsideCorners(t *testing.T) {
	g := Grid{S: 1}
	h := core.Hex{Q: 2, R: -1}
	for d := core.N; d <= core.NW; d++ {
		a1, a2 := SideCorners(h, d)
		b1, b2 := SideCorners(h.Neighbor(d), d.Opposite())
		if a1 != b2 || a2 != b1 {
			t.Errorf("side %s of %v: corners %v %v, from the other side %v %v", d, h, a1, a2, b1, b2)
		}
		// the two corners are joined in the corner lattice
		joined := false
		for _, n := range a1.Neighbors() {
			joined = joined || n == a2
		}
		if !joined {
			t.Errorf("side %s of %v: %v and %v are not neighbours", d, h, a1, a2)
		}
		h1, h2, dir := g.SideHexes(a1, a2)
		if !(h1 == h && h2 == h.Neighbor(d) || h2 == h && h1 == h.Neighbor(d)) {
			t.Errorf("side %s of %v lies between %v and %v (%s)", d, h, h1, h2, dir)
		}
	}
}

func TestVertexPath(t *testing.T) {
	a := Corner(core.Hex{Q: 0, R: 0}, 0)
	b := Corner(core.Hex{Q: 3, R: -1}, 3)
	path := vertexPath(a, b)
	if path[0] != a || path[len(path)-1] != b {
		t.Fatalf("path %v does not run from %v to %v", path, a, b)
	}
	for k := 1; k < len(path); k++ {
		joined := false
		for _, n := range path[k-1].Neighbors() {
			joined = joined || n == path[k]
		}
		if !joined {
			t.Errorf("%v and %v are not joined by a hexside", path[k-1], path[k])
		}
	}
}
