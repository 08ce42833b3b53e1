// Package pictures draws what an experiment found: for each arm a heat
// map of the hexes the Axis holds at the end, a map of the difference
// from the baseline, and a chart of the cities held turn by turn with
// their 95% bands.
package pictures

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/fogleman/gg"
	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font/gofont/goregular"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"

	"gpw/core"
	"gpw/mapgen"
	"gpw/sim"
)

// HexPx is the size of a hex on the heat maps, in pixels.
const HexPx = 16

// Shares is, for each arm, the share of its games in which the Axis holds
// each hex at the end.
func Shares(h *sim.Header, recs []*sim.Record, hexes int) ([][]float64, error) {
	share := make([][]float64, len(h.Arms))
	n := make([]int, len(h.Arms))
	for a := range share {
		share[a] = make([]float64, hexes)
	}
	for _, r := range recs {
		if r.Failed() {
			continue
		}
		on, err := sim.Unbits(r.AxisHexes, hexes)
		if err != nil {
			return nil, fmt.Errorf("game %d arm %d: axis_hexes: %v (was it played on another map?)", r.Game, r.Arm, err)
		}
		n[r.Arm]++
		for i, b := range on {
			if b {
				share[r.Arm][i]++
			}
		}
	}
	for a := range share {
		for i := range share[a] {
			if n[a] > 0 {
				share[a][i] /= float64(n[a])
			}
		}
	}
	return share, nil
}

// Write draws every picture of the experiment into dir and returns the
// files written. Sea and lake hexes are white; hexes that no side
// controls at the start (neutral countries) beige.
func Write(dir string, c *mapgen.Compiled, h *sim.Header, recs []*sim.Record, rep *sim.Report) ([]string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	share, err := Shares(h, recs, c.Map.Len())
	if err != nil {
		return nil, err
	}
	// Blue is the Axis, red the Soviet side; white half and half, or no
	// change.
	cm := Diverging{}
	base := sim.Baselines(h)
	var files []string
	for a, arm := range h.Arms {
		name := filepath.Join(dir, fmt.Sprintf("arm%d-%s-axis.png", a, slug(arm.Name)))
		s := share[a]
		title := fmt.Sprintf("%s under %s: share of %d games in which the Axis holds each hex at the end", h.Scenario, slug(arm.Name), rep.Arms[a].N)
		if err := heatMap(name, c, cm, func(i int) float64 { return 1 - 2*s[i] }, nil, title, "Axis in every game", "Soviet in every game", ""); err != nil {
			return nil, err
		}
		files = append(files, name)
		if a == 0 {
			continue
		}
		b := base[a]
		diff, sig, tested, err := HexTests(h, recs, c.Map, a, b)
		if err != nil {
			return nil, err
		}
		scale := Scale(c.Map, diff)
		nsig := 0
		for _, x := range sig {
			if x {
				nsig++
			}
		}
		name = filepath.Join(dir, fmt.Sprintf("arm%d-%s-diff.png", a, slug(arm.Name)))
		title = fmt.Sprintf("%s: %s minus %s, share of games in which the Axis holds each hex at the end (paired)", h.Scenario, slug(arm.Name), slug(h.Arms[b].Name))
		note := fmt.Sprintf("outlined: %d of %d hexes whose paired difference is significant (McNemar, Benjamini-Hochberg q < 0.05)", nsig, tested)
		if err := heatMap(name, c, cm, func(i int) float64 { return -diff[i] / scale }, func(i int) bool { return sig[i] }, title,
			fmt.Sprintf("%+.0f points: Axis gains", 100*scale), fmt.Sprintf("%+.0f points: Soviet gains", -100*scale), note); err != nil {
			return nil, err
		}
		files = append(files, name)
	}
	name := filepath.Join(dir, "cities.png")
	if err := CitiesChart(name, rep); err != nil {
		return nil, err
	}
	files = append(files, name)
	if len(rep.Arms) > 0 && len(rep.Arms[0].Survival) > 0 {
		name := filepath.Join(dir, "survival.png")
		if err := SurvivalChart(name, rep); err != nil {
			return nil, err
		}
		files = append(files, name)
	}
	return files, nil
}

// inPlay reports whether hex i is land some side holds at the start.
func inPlay(m *core.Map, i int) bool { return m.Control[i] != core.NoSide && !m.Terrain[i].Water() }

// FDR is the false discovery rate of the hexes marked significant.
const FDR = 0.05

// HexTests compares arm a with arm b hex by hex over the seed indices
// both played: diff is the paired difference in the share of games in
// which the Axis holds each hex at the end (a minus b); sig marks the
// hexes whose McNemar test stays significant after Benjamini and
// Hochberg's correction over the tested hexes (those in play) at FDR.
func HexTests(h *sim.Header, recs []*sim.Record, m *core.Map, a, b int) (diff []float64, sig []bool, tested int, err error) {
	n := m.Len()
	byGame := map[int][2][]bool{}
	for _, r := range recs {
		if r.Failed() || r.Arm != a && r.Arm != b {
			continue
		}
		on, err := sim.Unbits(r.AxisHexes, n)
		if err != nil {
			return nil, nil, 0, fmt.Errorf("game %d arm %d: axis_hexes: %v (was it played on another map?)", r.Game, r.Arm, err)
		}
		g := byGame[r.Game]
		if r.Arm == a {
			g[0] = on
		} else {
			g[1] = on
		}
		byGame[r.Game] = g
	}
	pairs := make([]sim.Pairs, n)
	for _, g := range byGame {
		if g[0] == nil || g[1] == nil {
			continue
		}
		for i := 0; i < n; i++ {
			pairs[i].Add(g[0][i], g[1][i])
		}
	}
	diff, sig = make([]float64, n), make([]bool, n)
	var ps []float64
	var idx []int
	for i := 0; i < n; i++ {
		if N := pairs[i].N(); N > 0 {
			diff[i] = float64(pairs[i].XOnly-pairs[i].YOnly) / float64(N)
		}
		if inPlay(m, i) {
			p, _ := pairs[i].McNemar()
			ps, idx = append(ps, p), append(idx, i)
		}
	}
	for k, q := range sim.BH(ps) {
		sig[idx[k]] = q < FDR
	}
	return diff, sig, len(ps), nil
}

// Scale is the colour scale of a difference map: the largest difference
// over the hexes in play, rounded up to 1, 2 or 5 points times a power of
// ten (at least one point, at most 100).
func Scale(m *core.Map, diff []float64) float64 {
	top := 0.0
	for i, d := range diff {
		if inPlay(m, i) {
			top = max(top, math.Abs(d))
		}
	}
	top = max(top, 0.01)
	p := math.Pow(10, math.Floor(math.Log10(top)))
	for _, k := range []float64{1, 2, 5, 10} {
		if top <= k*p*(1+1e-9) {
			return min(1, k*p)
		}
	}
	return 1
}

var unsafe = regexp.MustCompile(`[^A-Za-z0-9_.-]+`)

// slug makes an arm's name fit in a file name.
func slug(s string) string {
	s = strings.TrimSuffix(filepath.Base(s), ".lua")
	return strings.Trim(unsafe.ReplaceAllString(s, "-"), "-")
}

func hexColor(c color.Color) string {
	r, g, b, _ := c.RGBA()
	return fmt.Sprintf("#%02x%02x%02x", r>>8, g>>8, b>>8)
}

// outColor is the colour of the hexes out of play on a heat map: sea,
// lakes and neutral countries.
const outColor = "#c8c8c8"

// Diverging is the colour scale of the heat maps: -1 the Axis's blue,
// 0 white, 1 the Soviet red (ColorBrewer's RdBu ends), mixed linearly.
type Diverging struct{}

var (
	axisBlue  = [3]float64{0x21, 0x66, 0xac}
	sovietRed = [3]float64{0xb2, 0x18, 0x2b}
)

// At is the colour of v in -1..1.
func (Diverging) At(v float64) (color.Color, error) {
	if math.IsNaN(v) || v < -1 || v > 1 {
		return nil, fmt.Errorf("%g is outside -1..1", v)
	}
	end := sovietRed
	if v < 0 {
		end, v = axisBlue, -v
	}
	mix := func(k int) uint8 { return uint8(math.Round(255 + (end[k]-255)*v)) }
	return color.NRGBA{mix(0), mix(1), mix(2), 255}, nil
}

// heatMap draws the map with each land hex in play coloured by v(hex)
// in -1..1 (sea white, neutral countries beige), the hexes mark names
// outlined, a title, a note and the colour scale, labelled at its ends
// (-1 left).
func heatMap(path string, c *mapgen.Compiled, cm Diverging, v func(int) float64, mark func(int) bool, title, left, right, note string) error {
	m := c.Map
	d := mapgen.Drawing{C: c, HexPx: HexPx, Names: true, Fill: func(i int) string {
		if m.Control[i] == core.NoSide {
			return outColor
		}
		col, err := cm.At(max(-1, min(1, v(i))))
		if err != nil {
			return ""
		}
		return hexColor(col)
	}}
	var b bytes.Buffer
	if err := d.WritePNG(&b); err != nil {
		return err
	}
	img, err := png.Decode(&b)
	if err != nil {
		return err
	}
	// the renderer keeps water blue, the Axis's colour here: grey instead
	sea := gg.NewContextForImage(img)
	sea.SetHexColor(outColor)
	for i := 0; i < m.Len(); i++ {
		if m.OnMap[i] && m.Terrain[i].Water() {
			for _, p := range d.Corners(i) {
				sea.LineTo(p[0], p[1])
			}
			sea.ClosePath()
			sea.Fill()
		}
	}
	dc, err := annotate(sea.Image(), title)
	if err != nil {
		return err
	}
	if mark != nil {
		dc.SetColor(color.Black)
		dc.SetLineWidth(1.6)
		for i := 0; i < m.Len(); i++ {
			if !mark(i) {
				continue
			}
			for k, p := range d.Corners(i) {
				if k == 0 {
					dc.MoveTo(p[0], p[1])
				} else {
					dc.LineTo(p[0], p[1])
				}
			}
			dc.ClosePath()
			dc.Stroke()
		}
	}
	// the scale, bottom left
	const bw, bh = 320.0, 14.0
	x0, y0 := 20.0, float64(dc.Height())-50
	dc.SetColor(color.NRGBA{255, 255, 255, 220})
	dc.DrawRectangle(x0-8, y0-8, max(bw+16, textWidth(dc, note)+16), bh+48)
	dc.Fill()
	for k := 0; k < int(bw); k++ {
		col, _ := cm.At(-1 + 2*float64(k)/(bw-1))
		dc.SetColor(col)
		dc.DrawRectangle(x0+float64(k), y0, 1, bh)
		dc.Fill()
	}
	dc.SetColor(color.Black)
	dc.DrawRectangle(x0, y0, bw, bh)
	dc.SetLineWidth(1)
	dc.Stroke()
	dc.DrawStringAnchored(left, x0, y0+bh+12, 0, 0.5)
	dc.DrawStringAnchored(right, x0+bw, y0+bh+12, 1, 0.5)
	if note != "" {
		dc.DrawStringAnchored(note, x0, y0+bh+28, 0, 0.5)
	}
	return dc.SavePNG(path)
}

func textWidth(dc *gg.Context, s string) float64 {
	w, _ := dc.MeasureString(s)
	return w
}

// annotate puts a title over the top of img.
func annotate(img image.Image, title string) (*gg.Context, error) {
	dc := gg.NewContextForImage(img)
	f, err := truetype.Parse(goregular.TTF)
	if err != nil {
		return nil, err
	}
	dc.SetFontFace(truetype.NewFace(f, &truetype.Options{Size: 13}))
	w, _ := dc.MeasureString(title)
	dc.SetColor(color.NRGBA{255, 255, 255, 220})
	dc.DrawRectangle(8, 6, w+16, 24)
	dc.Fill()
	dc.SetColor(color.Black)
	dc.DrawStringAnchored(title, 16, 18, 0, 0.5)
	return dc, nil
}

// turnTicks labels the x axis with turn names, at most about twelve.
func turnTicks(names []string) plot.ConstantTicks {
	var ticks plot.ConstantTicks
	for t, name := range names {
		if len(names) <= 12 || t%((len(names)+11)/12) == 0 {
			ticks = append(ticks, plot.Tick{Value: float64(t), Label: name})
		}
	}
	return ticks
}

// band adds a line and its shaded band (lo..hi) to p.
func band(p *plot.Plot, series []sim.Interval, col color.Color, scale float64, label string) error {
	if len(series) == 0 {
		return nil
	}
	poly := make(plotter.XYs, 0, 2*len(series))
	line := make(plotter.XYs, len(series))
	for t, v := range series {
		line[t] = plotter.XY{X: float64(t), Y: scale * float64(v.Est)}
		poly = append(poly, plotter.XY{X: float64(t), Y: scale * finite(v.Hi, v.Est)})
	}
	for t := len(series) - 1; t >= 0; t-- {
		poly = append(poly, plotter.XY{X: float64(t), Y: scale * finite(series[t].Lo, series[t].Est)})
	}
	pg, err := plotter.NewPolygon(poly)
	if err != nil {
		return err
	}
	r, g, b, _ := col.RGBA()
	pg.Color = color.NRGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), 60}
	pg.LineStyle.Width = 0
	l, err := plotter.NewLine(line)
	if err != nil {
		return err
	}
	l.Color = col
	l.Width = vg.Points(1.5)
	p.Add(pg, l)
	if label != "" {
		p.Legend.Add(label, l)
	}
	return nil
}

// zero draws the line y = 0 across n turns.
func zero(p *plot.Plot, n int) error {
	l, err := plotter.NewLine(plotter.XYs{{X: 0, Y: 0}, {X: float64(max(n-1, 1)), Y: 0}})
	if err != nil {
		return err
	}
	l.Color = color.Gray{Y: 80}
	l.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
	p.Add(l)
	return nil
}

// CitiesChart draws the mean number of cities the Axis holds at the end
// of each turn, per arm; with several arms, below it each arm's paired
// difference from its baseline with its paired 95% band (the band that
// says whether the arms differ; the arms' own bands overlap even where
// they do).
func CitiesChart(path string, rep *sim.Report) error {
	top := plot.New()
	top.Title.Text = fmt.Sprintf("%s: cities the Axis holds at the end of each turn (mean)", rep.Scenario)
	top.Y.Label.Text = "cities"
	top.Add(plotter.NewGrid())
	top.X.Tick.Marker = turnTicks(rep.TurnName)
	for a, ar := range rep.Arms {
		if err := band(top, ar.Cities.Axis, plotutil.Color(a), 1, slug(ar.Name)); err != nil {
			return err
		}
	}
	top.Legend.Top, top.Legend.Left = true, true
	plots := [][]*plot.Plot{{top}}
	if len(rep.Versus) > 0 {
		bot := plot.New()
		bot.Title.Text = "paired difference from the baseline, same seeds (95% band)"
		bot.X.Label.Text = "end of turn"
		bot.Y.Label.Text = "cities"
		bot.Add(plotter.NewGrid())
		bot.X.Tick.Marker = turnTicks(rep.TurnName)
		if err := zero(bot, len(rep.TurnName)); err != nil {
			return err
		}
		for k, c := range rep.Versus {
			if err := band(bot, c.PerTurn.CitiesAxis, plotutil.Color(k+1), 1, slug(c.Arm)+" − "+slug(c.Base)); err != nil {
				return err
			}
		}
		bot.Legend.Top, bot.Legend.Left = true, true
		plots = append(plots, []*plot.Plot{bot})
	}
	return SavePlots(path, plots, 9*vg.Inch, vg.Length(len(plots))*4*vg.Inch)
}

// SurvivalChart draws, for each key city, the share of games in which
// the side that held it when play began still holds it (has held it at
// the end of every turn so far), per arm, with 95% bands.
func SurvivalChart(path string, rep *sim.Report) error {
	cities := rep.Arms[0].Survival
	cols := 2
	rows := (len(cities) + cols - 1) / cols
	plots := make([][]*plot.Plot, rows)
	for r := range plots {
		plots[r] = make([]*plot.Plot, cols)
	}
	for k, sv := range cities {
		p := plot.New()
		p.Title.Text = fmt.Sprintf("%s: still %s's", sv.City, sv.Owner)
		p.Y.Min, p.Y.Max = 0, 100
		p.Y.Label.Text = "% of games"
		p.Add(plotter.NewGrid())
		p.X.Tick.Marker = turnTicks(rep.TurnName)
		for a, ar := range rep.Arms {
			label := ""
			if k == 0 {
				label = slug(ar.Name)
			}
			if k < len(ar.Survival) {
				if err := band(p, ar.Survival[k].Share, plotutil.Color(a), 100, label); err != nil {
					return err
				}
			}
		}
		p.Legend.Left = true
		plots[k/cols][k%cols] = p
	}
	for c := len(cities) % cols; c > 0 && c < cols; c++ {
		plots[rows-1][c] = plot.New() // an empty tile
		plots[rows-1][c].HideAxes()
	}
	return SavePlots(path, plots, 10*vg.Inch, vg.Length(rows)*2.6*vg.Inch)
}

// SavePlots lays plots out in rows and columns in one PNG (nil tiles
// left empty).
func SavePlots(path string, plots [][]*plot.Plot, w, h vg.Length) error {
	img := vgimg.New(w, h)
	dc := draw.New(img)
	t := draw.Tiles{Rows: len(plots), Cols: len(plots[0]), PadX: vg.Millimeter * 4, PadY: vg.Millimeter * 4,
		PadTop: vg.Millimeter * 2, PadBottom: vg.Millimeter * 2, PadLeft: vg.Millimeter * 2, PadRight: vg.Millimeter * 2}
	canvases := plot.Align(plots, t, dc)
	for r := range plots {
		for c := range plots[r] {
			if plots[r][c] != nil {
				plots[r][c].Draw(canvases[r][c])
			}
		}
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if _, err := (vgimg.PngCanvas{Canvas: img}).WriteTo(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// finite is v, or est where v is infinite (one game: no interval).
func finite(v, est sim.Num) float64 {
	f := float64(v)
	if f != f || f > 1e300 || f < -1e300 {
		return float64(est)
	}
	return f
}
