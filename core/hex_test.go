package core

import (
	"math/rand/v2"
	"slices"
	"testing"
)

func TestOffsetAxialRoundTrip(t *testing.T) {
	for col := -7; col <= 40; col++ {
		for row := -7; row <= 40; row++ {
			o := Offset{col, row}
			if got := o.Axial().Offset(); got != o {
				t.Errorf("%v.Axial().Offset() = %v", o, got)
			}
			h := Hex{col, row}
			if got := h.Offset().Axial(); got != h {
				t.Errorf("%v.Offset().Axial() = %v", h, got)
			}
		}
	}
}

// readmeNeighbours is the numbering rule of examples/README.md, word for
// word: a hex in an odd column c, row r touches columns c-1 and c+1 at rows
// r-1 and r; a hex in an even column touches them at rows r and r+1; every
// hex touches rows r-1 and r+1 of its own column.
func readmeNeighbours(o Offset) []Offset {
	c, r := o.Col, o.Row
	lo := r // even column
	if c&1 == 1 {
		lo = r - 1
	}
	out := []Offset{{c, r - 1}, {c, r + 1}}
	for _, cc := range []int{c - 1, c + 1} {
		out = append(out, Offset{cc, lo}, Offset{cc, lo + 1})
	}
	return out
}

func sortOffsets(os []Offset) {
	slices.SortFunc(os, func(a, b Offset) int {
		if a.Col != b.Col {
			return a.Col - b.Col
		}
		return a.Row - b.Row
	})
}

func TestNeighborsFollowREADME(t *testing.T) {
	for col := -4; col <= 24; col++ {
		for row := -4; row <= 24; row++ {
			o := Offset{col, row}
			var got []Offset
			for d := N; d <= NW; d++ {
				got = append(got, o.Axial().Neighbor(d).Offset())
			}
			want := readmeNeighbours(o)
			sortOffsets(got)
			sortOffsets(want)
			if !slices.Equal(got, want) {
				t.Fatalf("neighbours of %v = %v, want %v", o, got, want)
			}
		}
	}
}

func TestNeighborsByID(t *testing.T) {
	m := newSheetMap(t, "B", 20, 10)
	tests := []struct {
		hex  string
		want []string
	}{
		// even column: the columns either side at rows r and r+1
		{"B-1603", []string{"B-1602", "B-1604", "B-1503", "B-1504", "B-1703", "B-1704"}},
		// odd column: the columns either side at rows r-1 and r
		{"B-1704", []string{"B-1703", "B-1705", "B-1603", "B-1604", "B-1803", "B-1804"}},
		{"B-1103", []string{"B-1102", "B-1104", "B-1002", "B-1003", "B-1202", "B-1203"}},
		// corners lose the neighbours off the sheet
		{"B-0101", []string{"B-0102", "B-0201"}},
		{"B-2010", []string{"B-2009", "B-1910"}},
		{"B-2001", []string{"B-2002", "B-1901", "B-1902"}},
	}
	for _, tt := range tests {
		i := hx(t, m, tt.hex)
		var got []string
		for _, n := range m.Nbr[i] {
			if n >= 0 {
				got = append(got, m.ID(int(n)))
			}
		}
		slices.Sort(got)
		want := slices.Sorted(slices.Values(tt.want))
		if !slices.Equal(got, want) {
			t.Errorf("neighbours of %s = %v, want %v", tt.hex, got, want)
		}
		for _, id := range tt.want {
			if _, ok := m.Adjacent(i, hx(t, m, id)); !ok {
				t.Errorf("Adjacent(%s, %s) = false", tt.hex, id)
			}
		}
	}
}

// bfsSteps returns the number of steps from h to every hex within radius.
func bfsSteps(h Hex, radius int) map[Hex]int {
	dist := map[Hex]int{h: 0}
	queue := []Hex{h}
	for len(queue) > 0 {
		a := queue[0]
		queue = queue[1:]
		if dist[a] == radius {
			continue
		}
		for d := N; d <= NW; d++ {
			b := a.Neighbor(d)
			if _, ok := dist[b]; !ok {
				dist[b] = dist[a] + 1
				queue = append(queue, b)
			}
		}
	}
	return dist
}

func TestDistance(t *testing.T) {
	for _, start := range []Offset{{0, 0}, {7, 4}, {16, 2}, {-3, 5}} {
		h := start.Axial()
		steps := bfsSteps(h, 9)
		if len(steps) != 1+3*9*10 {
			t.Fatalf("BFS found %d hexes within 9 of %v, want %d", len(steps), start, 1+3*9*10)
		}
		for o, n := range steps {
			if got := h.Distance(o); got != n {
				t.Errorf("%v.Distance(%v) = %d, BFS steps %d", h, o, got, n)
			}
			if got := o.Distance(h); got != n {
				t.Errorf("%v.Distance(%v) = %d, want %d (not symmetric)", o, h, got, n)
			}
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 1000 {
		a := Hex{rng.IntN(60) - 30, rng.IntN(60) - 30}
		b := Hex{rng.IntN(60) - 30, rng.IntN(60) - 30}
		if a.Distance(b) != b.Distance(a) {
			t.Errorf("Distance(%v, %v) not symmetric", a, b)
		}
		if (a.Distance(b) == 0) != (a == b) {
			t.Errorf("Distance(%v, %v) = %d", a, b, a.Distance(b))
		}
	}
}

func TestLine(t *testing.T) {
	var hexes []Hex
	for col := 0; col < 12; col++ {
		for row := 0; row < 12; row++ {
			hexes = append(hexes, Offset{col, row}.Axial())
		}
	}
	for _, a := range hexes {
		for _, b := range hexes {
			line := a.Line(b)
			n := a.Distance(b)
			if len(line) != n+1 || line[0] != a || line[n] != b {
				t.Fatalf("%v.Line(%v) = %v: want %d hexes from %v to %v", a, b, line, n+1, a, b)
			}
			for k := 1; k < len(line); k++ {
				if line[k-1].Distance(line[k]) != 1 {
					t.Fatalf("%v.Line(%v) = %v: %v and %v do not touch", a, b, line, line[k-1], line[k])
				}
				if a.Distance(line[k]) != k {
					t.Fatalf("%v.Line(%v) = %v: hex %d is %d from the start", a, b, line, k, a.Distance(line[k]))
				}
			}
		}
	}
}

func TestDirTo(t *testing.T) {
	names := [6]string{"N", "NE", "SE", "S", "SW", "NW"}
	for _, h := range []Hex{{0, 0}, Offset{16, 2}.Axial(), Offset{17, 3}.Axial()} {
		for d := N; d <= NW; d++ {
			n := h.Neighbor(d)
			if got, ok := h.DirTo(n); !ok || got != d {
				t.Errorf("%v.DirTo(%v) = %v, %v; want %v, true", h, n, got, ok, d)
			}
			if got, ok := n.DirTo(h); !ok || got != d.Opposite() {
				t.Errorf("%v.DirTo(%v) = %v, %v; want %v, true", n, h, got, ok, d.Opposite())
			}
			if n.Neighbor(d.Opposite()) != h {
				t.Errorf("%v.Neighbor(%v).Neighbor(%v) != %v", h, d, d.Opposite(), h)
			}
			if d.Opposite().Opposite() != d || d.Opposite() == d {
				t.Errorf("%v.Opposite() = %v", d, d.Opposite())
			}
			if d.String() != names[d] {
				t.Errorf("Dir(%d).String() = %q, want %q", d, d.String(), names[d])
			}
		}
		for _, far := range []Hex{h, h.Add(Hex{2, 0}), h.Add(Hex{1, 1})} {
			if d, ok := h.DirTo(far); ok {
				t.Errorf("%v.DirTo(%v) = %v, true; want false", h, far, d)
			}
		}
	}
	// North is the same column one row up; south-east is the next column
	// down the slope (rows r and r+1 of an even column).
	o := Offset{16, 2}
	for _, tt := range []struct {
		d    Dir
		want Offset
	}{{N, Offset{16, 1}}, {S, Offset{16, 3}}, {NE, Offset{17, 2}}, {SE, Offset{17, 3}}, {SW, Offset{15, 3}}, {NW, Offset{15, 2}}} {
		if got := o.Axial().Neighbor(tt.d).Offset(); got != tt.want {
			t.Errorf("%v to the %v is %v, want %v", o, tt.d, got, tt.want)
		}
	}
}

func TestParseID(t *testing.T) {
	tests := []struct {
		id       string
		sheet    string
		col, row int
		ok       bool
	}{
		{"B-1603", "B", 16, 3, true},
		{"b-0110", "b", 1, 10, true},
		{"AB-9999", "AB", 99, 99, true},
		{"B-16", "", 0, 0, false},
		{"X1603", "", 0, 0, false},
		{"B-16a3", "", 0, 0, false},
		{"-1603", "", 0, 0, false},
		{"B-160301", "", 0, 0, false},
		{"B-+103", "", 0, 0, false},
		{"B--103", "", 0, 0, false},
		{"B- 103", "", 0, 0, false},
		{"", "", 0, 0, false},
	}
	for _, tt := range tests {
		sheet, col, row, err := parseID(tt.id)
		if (err == nil) != tt.ok {
			t.Errorf("parseID(%q) error = %v, want ok=%v", tt.id, err, tt.ok)
			continue
		}
		if tt.ok && (sheet != tt.sheet || col != tt.col || row != tt.row) {
			t.Errorf("parseID(%q) = %q, %d, %d; want %q, %d, %d", tt.id, sheet, col, row, tt.sheet, tt.col, tt.row)
		}
	}
}
