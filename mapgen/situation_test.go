package mapgen

import (
	"strings"
	"testing"

	"gpw/core"
)

// recorder is a Canvas that keeps what is drawn.
type recorder struct {
	lines, polys map[string]int
	texts        []string
}

func newRecorder() *recorder { return &recorder{lines: map[string]int{}, polys: map[string]int{}} }

func (r *recorder) Polygon(_ [][2]float64, fill string)                   { r.polys[fill]++ }
func (r *recorder) Line(_ [][2]float64, stroke string, _ float64, _ bool) { r.lines[stroke]++ }
func (r *recorder) Circle(_, _, _ float64, _, _ string)                   {}
func (r *recorder) Text(_, _, _ float64, _ Style, s, _ string)            { r.texts = append(r.texts, s) }

// A position's drawing tints each side's hexes, draws the front between
// them (one line per hexside between the zones), greys the closed hexes,
// outlines the fortified ones and names the turn.
func TestDrawSituation(t *testing.T) {
	m, err := core.NewMap("t", []core.Sheet{{Name: "A", Cols: 4, Rows: 3}}, core.Soviet)
	if err != nil {
		t.Fatal(err)
	}
	ctl := make([]core.Side, m.Len())
	front := 0
	for h := range m.Len() {
		ctl[h] = core.Soviet
		if m.OnMap[h] && m.Hex(h).Q <= m.Hex(0).Q+2 {
			ctl[h] = core.Axis
		}
	}
	for h := range m.Len() {
		for d := core.N; d <= core.SE; d++ {
			if n := int(m.Nbr[h][d]); m.OnMap[h] && n >= 0 && ctl[n] != ctl[h] {
				front++
			}
		}
	}
	closed := core.NewBitset(m.Len())
	a, _ := m.ParseHex("A-0101")
	closed.Set(a)
	b, _ := m.ParseHex("A-0402")
	m2 := m.Overlay()
	m2.Fortify([]int{b})
	d := Drawing{C: FromMap(m2), HexPx: 40, Situation: Situation{Control: ctl, Closed: [2]core.Bitset{nil, closed}, Title: "Sep/Oct 1941"}}
	r := newRecorder()
	d.Draw(r)
	if front == 0 || r.lines[frontColor] != front {
		t.Errorf("front: %d hexsides drawn, want %d", r.lines[frontColor], front)
	}
	if r.polys[sideTint[core.Axis]] == 0 || r.polys[sideTint[core.Soviet]] == 0 {
		t.Errorf("control tints: %v", r.polys)
	}
	if r.polys[closedTint] != 1 {
		t.Errorf("closed hexes: %d, want 1", r.polys[closedTint])
	}
	if r.lines[fortColor] != 7 { // the outline and six teeth
		t.Errorf("fortified: %d lines, want 7", r.lines[fortColor])
	}
	if !strings.Contains(strings.Join(r.texts, "|"), "Sep/Oct 1941") {
		t.Errorf("no title: %q", r.texts)
	}
	plain := newRecorder()
	Drawing{C: FromMap(m), HexPx: 40}.Draw(plain)
	if plain.lines[frontColor] != 0 || plain.polys[closedTint] != 0 {
		t.Errorf("a plain map draws a situation")
	}
	// a control list shorter than the map (a position of a smaller map)
	// draws what it covers and no more
	short := newRecorder()
	Drawing{C: FromMap(m), HexPx: 40, Situation: Situation{Control: ctl[:m.Len()/2]}}.Draw(short)
	if short.lines[frontColor] == 0 || short.lines[frontColor] >= front {
		t.Errorf("a short control list: %d front hexsides drawn, want some of %d", short.lines[frontColor], front)
	}
}
