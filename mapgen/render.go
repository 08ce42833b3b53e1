package mapgen

import (
	"fmt"
	"image/color"
	"io"
	"math"
	"sort"
	"strings"

	"github.com/fogleman/gg"
	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/goregular"

	"gpw/core"
)

// Canvas is what a map is drawn on: an SVG document or a PNG image.
// Coordinates are in pixels, y down.
type Canvas interface {
	Polygon(pts [][2]float64, fill string)
	Line(pts [][2]float64, stroke string, width float64, dash bool)
	Circle(x, y, r float64, fill, stroke string)
	Text(x, y, size float64, style Style, s, fill string)
}

// Style is a lettering style.
type Style int

// The lettering styles.
const (
	Regular Style = iota
	Bold
	Italic
)

// Colours of the map, by terrain.
var terrainColor = [core.NumTerrain]string{
	core.Clear:    "#eee8c8",
	core.Forest:   "#9cc48a",
	core.Swamp:    "#8fc3b5",
	core.Mountain: "#b08a64",
	core.Rough:    "#d6bd8e",
	core.Sea:      "#8db6dc",
	core.Lake:     "#a8cdea",
}

const outOfPlayColor = "#c8c8c8"

var regionColors = []string{"#c0392b", "#8e44ad", "#d35400", "#16a085", "#2c3e50", "#7f8c8d", "#27ae60", "#e67e22", "#2980b9", "#b03a2e"}

// Counter is a unit to draw on the map.
type Counter struct {
	Hex     int
	Side    core.Side
	Nation  string
	Kind    string // infantry, panzer, ...
	Label   string // the id or name, printed small
	Values  string // "8-6": strength and movement points
	Reduced bool
	Marks   []string // symbols of what the rules keep about the unit, drawn at its corner
}

// Mark is what a rules module keeps about a hex and shows on the map (a
// fortification built during play): a symbol of up to 4 bytes.
type Mark struct {
	Hex    int
	Symbol string
	Label  string // for people: the legend's line
}

// Drawing is a map ready to draw, HexPx pixels from hex centre to hex
// centre.
type Drawing struct {
	C        *Compiled
	Counters []Counter
	Marks    []Mark
	HexPx    float64
	// Names draws city names; IDs draws every hex's id.
	Names, IDs, Regions bool
	// Fill, when set, colours each land hex ("#rrggbb"; "" keeps its
	// terrain colour): a heat map over the map.
	Fill func(hex int) string
	// NoLegend leaves out the key (a board draws its own).
	NoLegend bool
	// Situation is the position drawn over the map: control, the front,
	// closed areas and the turn (zero: the map alone).
	Situation Situation
}

// scale is pixels per grid unit (km for a built map).
func (d Drawing) scale() float64 { return d.HexPx / (math.Sqrt(3) * d.C.Grid.S) }

// u is the unit of line widths and lettering: 1 at 56 pixels a hex.
func (d Drawing) u() float64 { return d.HexPx / 56 }

// Size returns the drawing's width and height in pixels.
func (d Drawing) Size() (int, int) {
	m, g := d.C.Map, d.C.Grid
	w := (1.5*float64(m.W-1) + 1) * g.S
	h := (math.Sqrt(3) * (float64(m.H) + 0.5)) * g.S
	return int(math.Ceil(w * d.scale())), int(math.Ceil(h * d.scale()))
}

func (d Drawing) xy(px, py float64) [2]float64 {
	g := d.C.Grid
	// the leftmost drawn column is 1, the top row 0 of odd columns
	return [2]float64{(px - 1.5*g.S + g.S) * d.scale(), (py + math.Sqrt(3)*g.S) * d.scale()}
}

func (d Drawing) center(i int) [2]float64 {
	return d.xy(d.C.Grid.Center(d.C.Map.Hex(i)))
}

// Center is where hex i's centre is drawn, in pixels.
func (d Drawing) Center(i int) [2]float64 { return d.center(i) }

// Corners are hex i's six corners as drawn, in pixels.
func (d Drawing) Corners(i int) [][2]float64 {
	pts := make([][2]float64, 6)
	for k := range pts {
		pts[k] = d.vertex(Corner(d.C.Map.Hex(i), k))
	}
	return pts
}

func (d Drawing) vertex(v Vertex) [2]float64 {
	return d.xy(d.C.Grid.VertexPixel(v))
}

func (d Drawing) side(a, b int) [][2]float64 {
	v1, v2 := SideVertices(d.C.Map, a, b)
	return [][2]float64{d.vertex(v1), d.vertex(v2)}
}

// Draw draws the map on cv.
func (d Drawing) Draw(cv Canvas) {
	m := d.C.Map
	w, h := d.Size()
	cv.Polygon([][2]float64{{0, 0}, {float64(w), 0}, {float64(w), float64(h)}, {0, float64(h)}}, "#ffffff")
	for i, on := range m.OnMap {
		if !on {
			continue
		}
		pts := d.Corners(i)
		col := terrainColor[m.Terrain[i]]
		if m.Terrain[i].Water() && m.Country[i] != 0 {
			col = outOfPlayColor
		}
		if d.Fill != nil && !m.Terrain[i].Water() {
			if c := d.Fill(i); c != "" {
				col = c
			}
		}
		cv.Polygon(pts, col)
	}
	// hex grid
	for i, on := range m.OnMap {
		if !on {
			continue
		}
		for dir := core.N; dir <= core.NW; dir++ {
			// each side once: from the hex to its north, north-east and
			// south-east, and wherever the map ends
			if dir > core.SE && m.Nbr[i][dir] >= 0 {
				continue
			}
			v1, v2 := SideCorners(m.Hex(i), dir)
			cv.Line([][2]float64{d.vertex(v1), d.vertex(v2)}, "#00000022", 0.6, false)
		}
	}
	d.drawControl(cv)
	d.drawClosed(cv)
	d.drawSheets(cv)
	// country borders
	for i, on := range m.OnMap {
		if !on || m.Terrain[i].Water() {
			continue
		}
		for dir := core.N; dir <= core.SE; dir++ {
			n := int(m.Nbr[i][dir])
			if n < 0 || m.Terrain[n].Water() || m.Country[n] == m.Country[i] {
				continue
			}
			cv.Line(d.side(i, n), "#5b2c6f", 2.6*d.u(), true)
		}
	}
	if d.Regions {
		d.drawRegions(cv)
	}
	// water sides and straits
	for _, p := range d.C.WaterSides {
		cv.Line(d.side(p[0], p[1]), "#5b8fc9", 3*d.u(), false)
	}
	for _, p := range d.C.Straits {
		a, b := d.center(p[0]), d.center(p[1])
		cv.Line(d.side(p[0], p[1]), "#5b8fc9", 3*d.u(), false)
		cv.Line([][2]float64{a, b}, "#1f4e79", 2*d.u(), true)
	}
	d.drawRivers(cv)
	// railways
	for _, r := range d.C.Rails {
		var pts [][2]float64
		for _, i := range r.Hexes {
			pts = append(pts, d.center(i))
		}
		cv.Line(pts, "#222222", 1.6*d.u(), false)
	}
	for _, p := range d.C.RailLinks {
		cv.Line([][2]float64{d.center(p[0]), d.center(p[1])}, "#222222", 1.2*d.u(), true)
	}
	// hex ids
	if d.IDs {
		for i, on := range m.OnMap {
			if !on {
				continue
			}
			c := d.center(i)
			id := m.ID(i)
			cv.Text(c[0], c[1]-d.C.Grid.S*d.scale()*0.62, 7*d.u(), Regular, id[2:], "#00000080")
		}
	}
	d.drawFront(cv)
	d.drawFortified(cv)
	d.drawCountries(cv)
	d.drawCities(cv)
	d.drawCounters(cv)
	d.drawMarks(cv)
	d.drawLegend(cv)
	d.drawTitle(cv)
}

// drawMarks draws each hex mark as a round badge at the hex's upper right,
// beside any counter; several marks of a hex go down its right side.
func (d Drawing) drawMarks(cv Canvas) {
	r := d.HexPx * 0.13
	n := map[int]int{}
	for _, mk := range d.Marks {
		if mk.Hex < 0 || mk.Symbol == "" {
			continue
		}
		c := d.center(mk.Hex)
		d.badge(cv, c[0]+d.HexPx*0.32, c[1]-d.HexPx*0.28+float64(n[mk.Hex])*2.2*r, r, mk.Symbol)
		n[mk.Hex]++
	}
}

// badge draws a mark's symbol in a circle of radius r.
func (d Drawing) badge(cv Canvas, x, y, r float64, symbol string) {
	cv.Circle(x, y, r, "#fff3b0", "#7a4b00")
	cv.Text(x, y+r*0.4, r*1.1, Bold, symbol, "#7a4b00")
}

// counterColors fill counters by nation, then by side.
var counterColors = map[string]string{
	"ger": "#8e9aa6", "rom": "#b7a57a", "hun": "#9bb07a", "ita": "#a3c1a3", "slo": "#8fa8c8", "fin": "#ffffff",
	"axis": "#8e9aa6", "soviet": "#c0392b",
}

// kindAbbrev shortens unit kinds for a counter.
var kindAbbrev = map[string]string{
	"infantry": "inf", "panzer": "pz", "mech": "mech", "cavalry": "cav", "guards": "gds",
	"shock": "shock", "mountain": "mtn", "garrison": "gar", "tank": "tank", "leader": "ldr",
	"airborne": "abn", "air": "air",
}

// drawCounters draws units as square counters, a stack fanned out.
func (d Drawing) drawCounters(cv Canvas) {
	u := d.u()
	stack := map[int]int{}
	size := d.HexPx * 0.55
	for _, c := range d.Counters {
		if c.Hex < 0 {
			continue
		}
		k := stack[c.Hex]
		stack[c.Hex]++
		ctr := d.center(c.Hex)
		x, y := ctr[0]-size/2+float64(k)*4*u, ctr[1]-size/2-float64(k)*4*u
		fill := counterColors[strings.ToLower(c.Nation)]
		if fill == "" {
			fill = counterColors[c.Side.String()]
		}
		cv.Polygon([][2]float64{{x - 1, y - 1}, {x + size + 1, y - 1}, {x + size + 1, y + size + 1}, {x - 1, y + size + 1}}, "#000000")
		cv.Polygon([][2]float64{{x, y}, {x + size, y}, {x + size, y + size}, {x, y + size}}, fill)
		ink := "#000000"
		if c.Side == core.Soviet {
			ink = "#ffffff"
		}
		kind := kindAbbrev[c.Kind]
		if kind == "" {
			kind = c.Kind
			if len(kind) > 4 {
				kind = kind[:4]
			}
		}
		cv.Text(x+size/2, y+size*0.22, size*0.22, Regular, kind, ink)
		cv.Text(x+size/2, y+size*0.52, size*0.3, Bold, c.Values, ink)
		label := c.Label
		if c.Reduced {
			label += " ½"
		}
		cv.Text(x+size/2, y+size*0.82, size*0.2, Regular, label, ink)
		for i, sym := range c.Marks {
			r := size * 0.16
			d.badge(cv, x+size, y+float64(i)*2.2*r, r, sym)
		}
	}
}

// drawSheets marks where one sheet meets the next, and names each sheet.
func (d Drawing) drawSheets(cv Canvas) {
	m := d.C.Map
	u := d.u()
	sheetOf := func(i int) int {
		for k, s := range m.Sheets {
			if s.Contains(core.Offset{Col: i % m.W, Row: i / m.W}) {
				return k
			}
		}
		return -1
	}
	for i, on := range m.OnMap {
		if !on {
			continue
		}
		for dir := core.N; dir <= core.SE; dir++ {
			if n := int(m.Nbr[i][dir]); n >= 0 && sheetOf(n) != sheetOf(i) {
				cv.Line(d.side(i, n), "#00000066", 3*u, false)
			}
		}
	}
	for _, s := range m.Sheets {
		bottom := m.Index(core.Offset{Col: s.Col0 + (s.Cols+1)/2, Row: s.Row0 + s.Rows - 1}.Axial())
		if bottom >= 0 {
			c := d.center(bottom)
			cv.Text(c[0], c[1]+14*u, 16*u, Bold, "SHEET "+s.Name, "#00000088")
		}
	}
}

// majorRivers is how many of the longest rivers are drawn bolder and named.
const majorRivers = 14

func (d Drawing) drawRivers(cv Canvas) {
	u := d.u()
	longest := map[string]int{}
	for _, r := range d.C.Rivers {
		longest[r.Name] = max(longest[r.Name], len(r.Sides))
	}
	var names []string
	for n := range longest {
		names = append(names, n)
	}
	sort.Slice(names, func(a, b int) bool {
		if longest[names[a]] != longest[names[b]] {
			return longest[names[a]] > longest[names[b]]
		}
		return names[a] < names[b]
	})
	major := map[string]bool{}
	for k, n := range names {
		if k < majorRivers && n != "" {
			major[n] = true
		}
	}
	for _, r := range d.C.Rivers {
		w, col := 2*u, "#5499c7"
		if major[r.Name] {
			w, col = 4*u, "#1f5f99"
		}
		for _, p := range r.Sides {
			cv.Line(d.side(p[0], p[1]), col, w, false)
		}
	}
	for _, r := range d.C.Rivers {
		if !major[r.Name] || len(r.Sides) != longest[r.Name] {
			continue
		}
		p := r.Sides[len(r.Sides)/2]
		s := d.side(p[0], p[1])
		cv.Text((s[0][0]+s[1][0])/2+10*u, (s[0][1]+s[1][1])/2, 11*u, Italic, r.Name, "#1a5276")
		major[r.Name] = false
	}
}

func (d Drawing) drawCountries(cv Canvas) {
	m := d.C.Map
	for k, name := range m.Countries {
		var sx, sy float64
		n := 0
		for i, on := range m.OnMap {
			if on && int(m.Country[i]) == k+1 {
				c := d.center(i)
				sx, sy, n = sx+c[0], sy+c[1], n+1
			}
		}
		if n >= 6 {
			cv.Text(sx/float64(n), sy/float64(n)+30*d.u(), 22*d.u(), Bold, strings.ToUpper(name), "#00000030")
		}
	}
}

// drawLegend draws the key in the top left corner of a theatre map (a
// small map has no room for it; a heat map has its own).
func (d Drawing) drawLegend(cv Canvas) {
	if !d.hasLegend() {
		return
	}
	u := d.u()
	kinds := d.markKinds()
	items := d.situationItems()
	x0, y0 := 12*u, 12*u
	w, h := 250*u, 430*u+float64(len(kinds)+len(items))*19*u
	cv.Polygon([][2]float64{{x0, y0}, {x0 + w, y0}, {x0 + w, y0 + h}, {x0, y0 + h}}, "#ffffffe6")
	y := y0 + 22*u
	title := "THE GREAT PATRIOTIC WAR"
	if d.C.Map.Name != "gpw" {
		title = strings.ToUpper(d.C.Map.Name)
	}
	cv.Text(x0+w/2, y, 14*u, Bold, title, "#000000")
	y += 18 * u
	date := "22 June 1941" // the borders of the plain map
	if d.Situation.Title != "" {
		date = d.Situation.Title
	}
	cv.Text(x0+w/2, y, 9*u, Regular, date+" · about 65 km (40 miles) a hex", "#000000")
	y += 20 * u
	row := func(draw func(x, y float64), label string) {
		draw(x0+28*u, y)
		cv.Text(x0+140*u, y, 10*u, Regular, label, "#000000")
		y += 19 * u
	}
	swatch := func(col string) func(x, y float64) {
		return func(x, y float64) {
			r := 8 * u
			var pts [][2]float64
			for k := 0; k < 6; k++ {
				a := float64(k) * math.Pi / 3
				pts = append(pts, [2]float64{x + r*math.Cos(a), y + r*math.Sin(a)})
			}
			cv.Polygon(pts, col)
		}
	}
	for t := core.Clear; t < core.NumTerrain; t++ {
		row(swatch(terrainColor[t]), t.String())
	}
	row(swatch(outOfPlayColor), "out of play (neutral)")
	line := func(col string, w float64, dash bool) func(x, y float64) {
		return func(x, y float64) { cv.Line([][2]float64{{x - 14*u, y}, {x + 14*u, y}}, col, w*u, dash) }
	}
	row(line("#1f5f99", 4, false), "major river")
	row(line("#5499c7", 2, false), "river")
	row(line("#222222", 1.6, false), "railway")
	row(line("#5b8fc9", 3, false), "water hexside (no crossing)")
	row(line("#1f4e79", 2, true), "straits")
	row(line("#5b2c6f", 2.6, true), "border of 1941")
	row(func(x, y float64) {
		cv.Circle(x, y, 7*u, "#c0392b", "#000000")
		cv.Circle(x, y, 3*u, "#ffffff", "#000000")
	}, "capital (fortress)")
	row(func(x, y float64) { cv.Circle(x, y, 6*u, "#7b241c", "#000000") }, "fortress")
	row(func(x, y float64) { cv.Circle(x, y, 5*u, "#e74c3c", "#000000") }, "major city")
	row(func(x, y float64) { cv.Circle(x, y, 3*u, "#111111", "#000000") }, "minor city")
	for _, it := range items {
		if it.swatch != "" {
			row(swatch(it.swatch), it.label)
		} else {
			row(line(it.line, it.width, false), it.label)
		}
	}
	for _, mk := range kinds {
		row(func(x, y float64) { d.badge(cv, x, y, 8*u, mk.Symbol) }, mk.Label)
	}
}

// markKinds lists the marks' symbols once each, with their labels, in the
// order they first appear.
func (d Drawing) markKinds() []Mark {
	var out []Mark
	seen := map[string]bool{}
	for _, mk := range d.Marks {
		if mk.Symbol != "" && !seen[mk.Symbol+"\x00"+mk.Label] {
			seen[mk.Symbol+"\x00"+mk.Label] = true
			out = append(out, mk)
		}
	}
	return out
}

func (d Drawing) drawCities(cv Canvas) {
	m := d.C.Map
	u := d.u()
	for _, ct := range m.Cities {
		c := d.center(ct.Hex)
		switch {
		case ct.Capital != core.NoSide:
			cv.Circle(c[0], c[1], 7*u, "#c0392b", "#000000")
			cv.Circle(c[0], c[1], 3*u, "#ffffff", "#000000")
		case ct.Kind == core.Fortress:
			cv.Circle(c[0], c[1], 6*u, "#7b241c", "#000000")
		case ct.Kind == core.Major:
			cv.Circle(c[0], c[1], 5*u, "#e74c3c", "#000000")
		default:
			cv.Circle(c[0], c[1], 3*u, "#111111", "#000000")
		}
		if d.Names {
			size := 9 * u
			if ct.Kind != core.Minor {
				size = 11 * u
			}
			style := Regular
			if ct.Kind != core.Minor {
				style = Bold
			}
			cv.Text(c[0], c[1]+13*u, size, style, ct.Name, "#000000")
		}
	}
}

func (d Drawing) drawRegions(cv Canvas) {
	m := d.C.Map
	u := d.u()
	k := 0
	for _, r := range m.Regions {
		water := true
		r.Hexes.Each(func(i int) { water = water && m.Terrain[i].Water() })
		if water {
			var sx, sy float64
			n := 0
			r.Hexes.Each(func(i int) {
				c := d.center(i)
				sx, sy, n = sx+c[0], sy+c[1], n+1
			})
			if n > 0 {
				cv.Text(sx/float64(n), sy/float64(n), 13*u, Italic, r.Name, "#1f4e79")
			}
			continue
		}
		col := regionColors[k%len(regionColors)]
		k++
		var sx, sy float64
		n := 0
		r.Hexes.Each(func(i int) {
			c := d.center(i)
			sx, sy, n = sx+c[0], sy+c[1], n+1
			for dir := core.N; dir <= core.NW; dir++ {
				nb := int(m.Nbr[i][dir])
				if nb >= 0 && r.Hexes.Has(nb) {
					continue
				}
				v1, v2 := SideCorners(m.Hex(i), dir)
				a, b := d.vertex(v1), d.vertex(v2)
				// draw just inside the region
				in := func(p [2]float64) [2]float64 {
					return [2]float64{p[0] + (c[0]-p[0])*0.12, p[1] + (c[1]-p[1])*0.12}
				}
				cv.Line([][2]float64{in(a), in(b)}, col, 2*u, true)
			}
		})
		if n > 0 {
			cv.Text(sx/float64(n), sy/float64(n)-18*u, 11*u, Bold, strings.ToUpper(r.Name), col)
		}
	}
}

// svgCanvas writes SVG elements.
type svgCanvas struct{ w io.Writer }

// svgPaint writes colour c (#rrggbb or #rrggbbaa) as the value of the
// attribute attr (fill or stroke), its alpha as attr-opacity.
func svgPaint(attr, c string) string {
	if len(c) == 9 {
		a, _ := parseHex(c[7:9])
		return fmt.Sprintf(`%s="%s" %s-opacity="%.2f"`, attr, c[:7], attr, float64(a)/255)
	}
	return fmt.Sprintf(`%s="%s"`, attr, c)
}

func parseHex(s string) (int, error) {
	var v int
	_, err := fmt.Sscanf(s, "%x", &v)
	return v, err
}

func pointsAttr(pts [][2]float64) string {
	var b strings.Builder
	for k, p := range pts {
		if k > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%.1f,%.1f", p[0], p[1])
	}
	return b.String()
}

func (s svgCanvas) Polygon(pts [][2]float64, fill string) {
	fmt.Fprintf(s.w, "<polygon points=\"%s\" %s/>\n", pointsAttr(pts), svgPaint("fill", fill))
}

func (s svgCanvas) Line(pts [][2]float64, stroke string, width float64, dash bool) {
	da := ""
	if dash {
		da = fmt.Sprintf(` stroke-dasharray="%.1f %.1f"`, width*2.5, width*1.5)
	}
	fmt.Fprintf(s.w, "<polyline points=\"%s\" fill=\"none\" %s stroke-width=\"%.1f\" stroke-linecap=\"round\" stroke-linejoin=\"round\"%s/>\n", pointsAttr(pts), svgPaint("stroke", stroke), width, da)
}

func (s svgCanvas) Circle(x, y, r float64, fill, stroke string) {
	fmt.Fprintf(s.w, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" %s %s stroke-width=\"0.8\"/>\n", x, y, r, svgPaint("fill", fill), svgPaint("stroke", stroke))
}

func (s svgCanvas) Text(x, y, size float64, style Style, text, fill string) {
	weight := ""
	switch style {
	case Bold:
		weight = ` font-weight="bold"`
	case Italic:
		weight = ` font-style="italic"`
	}
	esc := strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(text)
	fmt.Fprintf(s.w, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\"%s text-anchor=\"middle\" %s stroke=\"#ffffff\" stroke-width=\"%.1f\" stroke-opacity=\"0.6\" paint-order=\"stroke\">%s</text>\n", x, y, size, weight, svgPaint("fill", fill), size/5, esc)
}

// WriteSVG draws the map as an SVG document.
func (d Drawing) WriteSVG(w io.Writer) error {
	width, height := d.Size()
	fmt.Fprintf(w, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\">\n", width, height, width, height)
	d.Draw(svgCanvas{w})
	_, err := fmt.Fprintln(w, "</svg>")
	return err
}

// pngCanvas draws with gg.
type pngCanvas struct {
	dc    *gg.Context
	fonts [3]*truetype.Font
}

func ggColor(s string) color.Color {
	var r, g, b int
	a := 255
	fmt.Sscanf(s[1:7], "%02x%02x%02x", &r, &g, &b)
	if len(s) == 9 {
		fmt.Sscanf(s[7:9], "%02x", &a)
	}
	return color.NRGBA{uint8(r), uint8(g), uint8(b), uint8(a)}
}

func (p *pngCanvas) path(pts [][2]float64) {
	p.dc.NewSubPath()
	for _, q := range pts {
		p.dc.LineTo(q[0], q[1])
	}
}

func (p *pngCanvas) Polygon(pts [][2]float64, fill string) {
	p.path(pts)
	p.dc.ClosePath()
	p.dc.SetColor(ggColor(fill))
	p.dc.Fill()
}

func (p *pngCanvas) Line(pts [][2]float64, stroke string, width float64, dash bool) {
	p.path(pts)
	p.dc.SetColor(ggColor(stroke))
	p.dc.SetLineWidth(width)
	p.dc.SetLineCapRound()
	if dash {
		p.dc.SetDash(width*2.5, width*1.5)
	}
	p.dc.Stroke()
	p.dc.SetDash()
}

func (p *pngCanvas) Circle(x, y, r float64, fill, stroke string) {
	p.dc.DrawCircle(x, y, r)
	p.dc.SetColor(ggColor(fill))
	p.dc.FillPreserve()
	p.dc.SetColor(ggColor(stroke))
	p.dc.SetLineWidth(0.8)
	p.dc.Stroke()
}

func (p *pngCanvas) Text(x, y, size float64, style Style, s, fill string) {
	p.dc.SetFontFace(truetype.NewFace(p.fonts[style], &truetype.Options{Size: size}))
	// a light halo keeps names readable over any terrain
	p.dc.SetColor(color.NRGBA{255, 255, 255, 150})
	for _, o := range [][2]float64{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
		p.dc.DrawStringAnchored(s, x+o[0], y+o[1], 0.5, 0.35)
	}
	p.dc.SetColor(ggColor(fill))
	p.dc.DrawStringAnchored(s, x, y, 0.5, 0.35)
}

// WritePNG draws the map as a PNG image.
func (d Drawing) WritePNG(w io.Writer) error {
	p, err := d.drawPNG()
	if err != nil {
		return err
	}
	return p.dc.EncodePNG(w)
}

// drawPNG draws the map on a raster canvas of the drawing's size.
func (d Drawing) drawPNG() (*pngCanvas, error) {
	width, height := d.Size()
	p := &pngCanvas{dc: gg.NewContext(width, height)}
	for k, ttf := range [][]byte{goregular.TTF, gobold.TTF, goitalic.TTF} {
		f, err := truetype.Parse(ttf)
		if err != nil {
			return nil, err
		}
		p.fonts[k] = f
	}
	d.Draw(p)
	return p, nil
}
