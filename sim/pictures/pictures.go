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
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/fogleman/gg"
	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font/gofont/goregular"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/palette"
	"gonum.org/v1/plot/palette/moreland"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"

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
// files written. Hexes that no side controls at the start (neutral
// countries) keep their terrain colour.
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
	cm := moreland.SmoothBlueRed()
	cm.SetMin(-1)
	cm.SetMax(1)
	var files []string
	for a, arm := range h.Arms {
		name := filepath.Join(dir, fmt.Sprintf("arm%d-%s-axis.png", a, slug(arm.Name)))
		s := share[a]
		title := fmt.Sprintf("%s under %s: share of %d games in which the Axis holds each hex at the end", h.Scenario, slug(arm.Name), rep.Arms[a].N)
		if err := heatMap(name, c, cm, func(i int) float64 { return 1 - 2*s[i] }, title, "Axis in every game", "Soviet in every game"); err != nil {
			return nil, err
		}
		files = append(files, name)
		if a == 0 {
			continue
		}
		name = filepath.Join(dir, fmt.Sprintf("arm%d-%s-diff.png", a, slug(arm.Name)))
		b := share[0]
		title = fmt.Sprintf("%s: %s minus %s, share of games in which the Axis holds each hex at the end", h.Scenario, slug(arm.Name), slug(h.Arms[0].Name))
		if err := heatMap(name, c, cm, func(i int) float64 { return b[i] - s[i] }, title, "+100 points: Axis", "-100 points: Soviet"); err != nil {
			return nil, err
		}
		files = append(files, name)
	}
	name := filepath.Join(dir, "cities.png")
	if err := CitiesChart(name, rep); err != nil {
		return nil, err
	}
	return append(files, name), nil
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

// heatMap draws the map with each land hex coloured by v(hex) in -1..1,
// a title and the colour scale, labelled at its ends (-1 left).
func heatMap(path string, c *mapgen.Compiled, cm palette.ColorMap, v func(int) float64, title, left, right string) error {
	d := mapgen.Drawing{C: c, HexPx: HexPx, Names: true, Fill: func(i int) string {
		if c.Map.Control[i] == core.NoSide {
			return ""
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
	dc, err := annotate(img, title)
	if err != nil {
		return err
	}
	// the scale, bottom left
	const bw, bh = 320.0, 14.0
	x0, y0 := 20.0, float64(dc.Height())-50
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
	dc.DrawStringAnchored(left, x0, y0+bh+14, 0, 0.5)
	dc.DrawStringAnchored(right, x0+bw, y0+bh+14, 1, 0.5)
	return dc.SavePNG(path)
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

// CitiesChart draws the mean number of cities the Axis holds at the end
// of each turn, per arm, with its 95% band.
func CitiesChart(path string, rep *sim.Report) error {
	p := plot.New()
	p.Title.Text = fmt.Sprintf("%s: cities the Axis holds at the end of each turn (mean, 95%% band)", rep.Scenario)
	p.X.Label.Text = "turn"
	p.Y.Label.Text = "cities"
	p.Add(plotter.NewGrid())
	var ticks plot.ConstantTicks
	for t, name := range rep.TurnName {
		if len(rep.TurnName) <= 12 || t%((len(rep.TurnName)+11)/12) == 0 {
			ticks = append(ticks, plot.Tick{Value: float64(t), Label: name})
		}
	}
	p.X.Tick.Marker = ticks
	for a, ar := range rep.Arms {
		series := ar.Cities.Axis
		if len(series) == 0 {
			continue
		}
		col := plotutil.Color(a)
		band := make(plotter.XYs, 0, 2*len(series))
		line := make(plotter.XYs, len(series))
		for t, v := range series {
			line[t] = plotter.XY{X: float64(t), Y: float64(v.Est)}
			band = append(band, plotter.XY{X: float64(t), Y: finite(v.Hi, v.Est)})
		}
		for t := len(series) - 1; t >= 0; t-- {
			band = append(band, plotter.XY{X: float64(t), Y: finite(series[t].Lo, series[t].Est)})
		}
		poly, err := plotter.NewPolygon(band)
		if err != nil {
			return err
		}
		r, g, b, _ := col.RGBA()
		poly.Color = color.NRGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), 60}
		poly.LineStyle.Width = 0
		l, err := plotter.NewLine(line)
		if err != nil {
			return err
		}
		l.Color = col
		l.Width = vg.Points(1.5)
		p.Add(poly, l)
		p.Legend.Add(slug(ar.Name), l)
	}
	return p.Save(9*vg.Inch, 4.5*vg.Inch, path)
}

// finite is v, or est where v is infinite (one game: no interval).
func finite(v, est sim.Num) float64 {
	f := float64(v)
	if f != f || f > 1e300 || f < -1e300 {
		return float64(est)
	}
	return f
}
