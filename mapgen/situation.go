package mapgen

import (
	"math"

	"gpw/core"
)

// Situation is what a drawing of a position shows over the map: who
// holds each hex, the front between the sides, the areas closed to each
// side and the turn.
type Situation struct {
	// Control is the side holding each hex (nil: not drawn). Each side's
	// land is tinted and the boundary between the sides' zones drawn as
	// the front line.
	Control []core.Side
	// Closed are the hexes each side's units may not enter (nil: none).
	Closed [2]core.Bitset
	// Title names the moment drawn ("Sep/Oct 1941"): the legend's date.
	Title string
}

// Tints of the sides' zones and the closed areas.
var (
	sideTint   = [2]string{"#2e4a9a38", "#c0392b30"} // axis, soviet
	frontColor = "#111111"
	closedTint = "#55555566"
	fortColor  = "#5d4037"
)

// held is whether a hex of control s is held by one of the two sides.
func held(s core.Side) bool { return s == core.Axis || s == core.Soviet }

// drawControl tints each land hex by the side holding it.
func (d Drawing) drawControl(cv Canvas) {
	m := d.C.Map
	ctl := d.Situation.Control
	if ctl == nil {
		return
	}
	for i, on := range m.OnMap {
		if !on || m.Terrain[i].Water() || i >= len(ctl) {
			continue
		}
		if s := ctl[i]; held(s) {
			cv.Polygon(d.Corners(i), sideTint[s])
		}
	}
}

// drawClosed greys the hexes closed to a side, with a cross per hex.
func (d Drawing) drawClosed(cv Canvas) {
	m := d.C.Map
	for side := range 2 {
		cl := d.Situation.Closed[side]
		if cl == nil {
			continue
		}
		cl.Each(func(i int) {
			if i >= len(m.OnMap) || !m.OnMap[i] || m.Terrain[i].Water() {
				return
			}
			cv.Polygon(d.Corners(i), closedTint)
			c, r := d.center(i), d.HexPx*0.18
			cv.Line([][2]float64{{c[0] - r, c[1] - r}, {c[0] + r, c[1] + r}}, "#00000066", 1.2*d.u(), false)
			cv.Line([][2]float64{{c[0] - r, c[1] + r}, {c[0] + r, c[1] - r}}, "#00000066", 1.2*d.u(), false)
		})
	}
}

// drawFront draws the hexsides between a hex one side holds and a hex
// the other holds: the front line.
func (d Drawing) drawFront(cv Canvas) {
	m := d.C.Map
	ctl := d.Situation.Control
	if ctl == nil {
		return
	}
	for i, on := range m.OnMap {
		if !on || m.Terrain[i].Water() || i >= len(ctl) || !held(ctl[i]) {
			continue
		}
		for dir := core.N; dir <= core.SE; dir++ {
			n := int(m.Nbr[i][dir])
			if n < 0 || n >= len(ctl) || m.Terrain[n].Water() || ctl[n] == ctl[i] || !held(ctl[n]) {
				continue
			}
			cv.Line(d.side(i, n), frontColor, 3.2*d.u(), false)
		}
	}
}

// drawFortified draws a scenario's fortified hexes: a heavy inner outline
// with teeth, like a fortified line on a paper map.
func (d Drawing) drawFortified(cv Canvas) {
	m := d.C.Map
	if m.Fortified == nil {
		return
	}
	m.Fortified.Each(func(i int) {
		c := d.center(i)
		pts := d.Corners(i)
		in := make([][2]float64, 0, 7)
		for _, p := range pts {
			in = append(in, [2]float64{p[0] + (c[0]-p[0])*0.25, p[1] + (c[1]-p[1])*0.25})
		}
		in = append(in, in[0])
		cv.Line(in, fortColor, 2.4*d.u(), false)
		for k := 0; k < 6; k++ {
			a := float64(k)*math.Pi/3 + math.Pi/6
			r1, r2 := d.HexPx*0.33, d.HexPx*0.42
			cv.Line([][2]float64{{c[0] + r1*math.Cos(a), c[1] + r1*math.Sin(a)}, {c[0] + r2*math.Cos(a), c[1] + r2*math.Sin(a)}}, fortColor, 2*d.u(), false)
		}
	})
}

// drawTitle writes the moment drawn at the top left of a map too small
// for the legend.
func (d Drawing) drawTitle(cv Canvas) {
	if d.Situation.Title == "" || d.hasLegend() {
		return
	}
	u := d.u()
	cv.Text(60*u, 14*u, 11*u, Bold, d.Situation.Title, "#000000")
}

func (d Drawing) hasLegend() bool { return d.C.Map.W >= 30 && d.Fill == nil && !d.NoLegend }

// legendItem is a row of the legend for what the situation shows: a
// swatch of colour, or a line.
type legendItem struct {
	swatch, line string
	width        float64
	label        string
}

// situationItems are the legend's rows for the situation drawn.
func (d Drawing) situationItems() []legendItem {
	var out []legendItem
	if d.Situation.Control != nil {
		out = append(out, legendItem{swatch: sideTint[core.Axis], label: "held by the Axis"},
			legendItem{swatch: sideTint[core.Soviet], label: "held by the Soviets"},
			legendItem{line: frontColor, width: 3.2, label: "front line"})
	}
	for side, cl := range d.Situation.Closed {
		if cl != nil && cl.Count() > 0 {
			out = append(out, legendItem{swatch: closedTint, label: "closed to " + core.Side(side).String() + " units"})
		}
	}
	if d.C.Map.Fortified != nil {
		out = append(out, legendItem{line: fortColor, width: 2.4, label: "fortified (a fortress)"})
	}
	return out
}
