// Package core holds the fast, rule-neutral parts of gpw: hex geometry, the
// map, units, game state, zones of control, movement, rail, supply and
// retreat paths. Nothing here calls Lua.
package core

import (
	"fmt"
	"strings"
)

// Hex is a hex in axial coordinates: Q grows east, R grows to the south-east
// (flat-topped hexes in vertical columns). Offset ids such as "B-1603" exist
// only at the edges, in Map.ParseHex and Map.HexID.
type Hex struct{ Q, R int }

// Dir is one of the six directions from a flat-topped hex, clockwise from north.
type Dir int

// The six directions.
const (
	N Dir = iota
	NE
	SE
	S
	SW
	NW
)

var dirNames = [6]string{"N", "NE", "SE", "S", "SW", "NW"}

func (d Dir) String() string { return dirNames[d] }

// Opposite is the direction pointing back.
func (d Dir) Opposite() Dir { return (d + 3) % 6 }

var dirDelta = [6]Hex{{0, -1}, {1, -1}, {1, 0}, {0, 1}, {-1, 1}, {-1, 0}}

// Add returns h+o.
func (h Hex) Add(o Hex) Hex { return Hex{h.Q + o.Q, h.R + o.R} }

// Sub returns h-o.
func (h Hex) Sub(o Hex) Hex { return Hex{h.Q - o.Q, h.R - o.R} }

// Neighbor returns the adjacent hex in direction d.
func (h Hex) Neighbor(d Dir) Hex { return h.Add(dirDelta[d]) }

// S is the third cube coordinate.
func (h Hex) S() int { return -h.Q - h.R }

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Distance is the number of hex steps between h and o.
func (h Hex) Distance(o Hex) int {
	d := h.Sub(o)
	return (abs(d.Q) + abs(d.R) + abs(d.S())) / 2
}

// DirTo returns the direction from h to an adjacent hex o.
func (h Hex) DirTo(o Hex) (Dir, bool) {
	d := o.Sub(h)
	for i, v := range dirDelta {
		if v == d {
			return Dir(i), true
		}
	}
	return 0, false
}

// Line returns the hexes on the straight line from h to o, both included.
func (h Hex) Line(o Hex) []Hex {
	n := h.Distance(o)
	out := make([]Hex, 0, n+1)
	for i := 0; i <= n; i++ {
		t := 0.0
		if n > 0 {
			t = float64(i) / float64(n)
		}
		// nudge off exact hexside ties so the line is deterministic
		q := float64(h.Q) + (float64(o.Q-h.Q))*t + 1e-6
		r := float64(h.R) + (float64(o.R-h.R))*t + 1e-6
		out = append(out, cubeRound(q, r))
	}
	return out
}

func cubeRound(fq, fr float64) Hex {
	fs := -fq - fr
	q, r, s := round(fq), round(fr), round(fs)
	dq, dr, ds := absf(float64(q)-fq), absf(float64(r)-fr), absf(float64(s)-fs)
	switch {
	case dq > dr && dq > ds:
		q = -r - s
	case dr > ds:
		r = -q - s
	}
	return Hex{q, r}
}

func round(f float64) int {
	if f < 0 {
		return -int(-f + 0.5)
	}
	return int(f + 0.5)
}

func absf(f float64) float64 {
	if f < 0 {
		return -f
	}
	return f
}

// Offset is a global offset position: Col west to east, Row north to south,
// both counted from 0 across all sheets. Even columns sit half a hex lower.
type Offset struct{ Col, Row int }

// Axial converts an offset position to axial coordinates.
func (o Offset) Axial() Hex {
	return Hex{o.Col, o.Row - (o.Col+(o.Col&1))/2}
}

// Offset converts h to its offset position.
func (h Hex) Offset() Offset {
	return Offset{h.Q, h.R + (h.Q+(h.Q&1))/2}
}

// Sheet is one printed map sheet: its letter and where it sits in the
// global offset grid: printed column c is global column Col0+c, printed row
// r is global row Row0+r-1. Col0 must be even so that column parity, and
// with it the numbering, is the same on every sheet.
type Sheet struct {
	Name       string
	Col0, Row0 int
	Cols, Rows int
}

// Contains reports whether the global offset o lies on the sheet.
func (s Sheet) Contains(o Offset) bool {
	c, r := o.Col-s.Col0, o.Row-s.Row0+1
	return c >= 1 && c <= s.Cols && r >= 1 && r <= s.Rows
}

// ID formats the printed id of the global offset o on this sheet.
func (s Sheet) ID(o Offset) string { return string(s.appendID(nil, o)) }

// appendID appends the printed id of o ("B-1603") to b. Columns and rows
// have two digits (a sheet has at most 99 of each).
func (s Sheet) appendID(b []byte, o Offset) []byte {
	c, r := o.Col-s.Col0, o.Row-s.Row0+1
	return append(append(b, s.Name...), '-', byte('0'+c/10%10), byte('0'+c%10), byte('0'+r/10%10), byte('0'+r%10))
}

// parseID splits "B-1603" into sheet "B" (as written), column 16, row 3.
func parseID(id string) (sheet string, col, row int, err error) {
	i := strings.IndexByte(id, '-')
	if i <= 0 || len(id)-i-1 != 4 {
		return "", 0, 0, badID(id)
	}
	var d [4]int
	for k := range d {
		c := id[i+1+k]
		if c < '0' || c > '9' {
			return "", 0, 0, badID(id)
		}
		d[k] = int(c - '0')
	}
	return id[:i], d[0]*10 + d[1], d[2]*10 + d[3], nil
}

func badID(id string) error {
	return fmt.Errorf("%q is not a hex id (expected S-CCRR, e.g. B-1603)", id)
}
