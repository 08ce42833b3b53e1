package battle

import (
	"fmt"
	"io"
	"io/fs"
	"slices"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"

	"gpw/interp"
	"gpw/sim"
	"gpw/sim/pictures"
)

// Comparison is the reference battle under two modules, at the odds
// columns of both and the weathers of both.
type Comparison struct {
	Reference string   `json:"reference"`
	Odds      []string `json:"odds"`
	Weathers  []string `json:"weathers"`
	A         *Module  `json:"a"`
	B         *Module  `json:"b"`
}

// Compare fights the reference battle under variants a and b.
func (ref Reference) Compare(a, b string, builtin fs.FS) (*Comparison, error) {
	var mods []*interp.Rules
	for _, v := range []string{a, b} {
		r, err := Load(v, builtin)
		if err != nil {
			return nil, err
		}
		defer r.Close()
		mods = append(mods, r)
	}
	c := &Comparison{Reference: ref.String(), Odds: Odds(mods...)}
	for _, r := range mods {
		for _, w := range Weathers(r) {
			if !slices.Contains(c.Weathers, w) {
				c.Weathers = append(c.Weathers, w)
			}
		}
	}
	// clear first, then the marks as the calendars bring them
	slices.SortStableFunc(c.Weathers, func(x, y string) int {
		return boolInt(y == "clear") - boolInt(x == "clear")
	})
	var err error
	if c.A, err = ref.Compute(a, builtin, c.Odds, c.Weathers); err != nil {
		return nil, err
	}
	if c.B, err = ref.Compute(b, builtin, c.Odds, c.Weathers); err != nil {
		return nil, err
	}
	return c, nil
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// at finds the outcome of a module at weather w and odds o.
func (m *Module) at(w, o string) *Outcome {
	for i := range m.Outcomes {
		if m.Outcomes[i].Weather == w && m.Outcomes[i].Odds == o {
			return &m.Outcomes[i]
		}
	}
	return nil
}

// results prints the die faces of each result, most frequent first.
func (o *Outcome) results() string {
	if o.Column == "" {
		return "no attack"
	}
	keys := make([]string, 0, len(o.Results))
	for k := range o.Results {
		keys = append(keys, k)
	}
	slices.SortStableFunc(keys, func(x, y string) int {
		if d := o.Results[y] - o.Results[x]; d != 0 {
			return d
		}
		return strings.Compare(x, y)
	})
	var parts []string
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%s %d", k, o.Results[k]))
	}
	s := strings.Join(parts, ", ")
	if !o.Exact {
		s += " (more dice)"
	}
	return s
}

func lost(o *Outcome, att bool) string {
	if o.Column == "" {
		return "-"
	}
	if att {
		return fmt.Sprintf("%.2f", o.AttackerLost)
	}
	return fmt.Sprintf("%.2f", o.DefenderLost)
}

// WriteText prints one table per weather: for each odds, each module's
// column, results (die faces of six) and expected strength lost by the
// attacker and the defender, and the difference B − A.
func (c *Comparison) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "A = %s (%s), B = %s (%s)\n", c.A.Variant, c.A.Name, c.B.Variant, c.B.Name)
	fmt.Fprintf(&b, "Reference battle: %s.\n", c.Reference)
	b.WriteString("Results: die faces (of six) giving each; att, def: expected attack strength lost by the attacker and the defender.\n")
	for _, wx := range c.Weathers {
		fmt.Fprintf(&b, "\nweather: %s\n", wx)
		rows := [][]string{{"odds", "A column", "A results", "att", "def", "B column", "B results", "att", "def", "B−A att", "B−A def"}}
		for _, o := range c.Odds {
			x, y := c.A.at(wx, o), c.B.at(wx, o)
			row := []string{o, x.Column, x.results(), lost(x, true), lost(x, false), y.Column, y.results(), lost(y, true), lost(y, false), "", ""}
			if x.Column != "" && y.Column != "" {
				row[9] = fmt.Sprintf("%+.2f", y.AttackerLost-x.AttackerLost)
				row[10] = fmt.Sprintf("%+.2f", y.DefenderLost-x.DefenderLost)
			}
			rows = append(rows, row)
		}
		sim.Table(&b, "", rows)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WritePNG draws one chart per weather: the expected strength lost by
// the defender (solid) and the attacker (dashed) at each odds, A and B
// in two colours.
func (c *Comparison) WritePNG(path string) error {
	plots := [][]*plot.Plot{make([]*plot.Plot, len(c.Weathers))}
	var ticks plot.ConstantTicks
	for i, o := range c.Odds {
		ticks = append(ticks, plot.Tick{Value: float64(i), Label: o})
	}
	top := 1.0
	for _, m := range []*Module{c.A, c.B} {
		for _, o := range m.Outcomes {
			top = max(top, o.AttackerLost, o.DefenderLost)
		}
	}
	for k, wx := range c.Weathers {
		p := plot.New()
		p.X.Min, p.X.Max = -0.3, float64(len(c.Odds))-0.7
		p.Y.Min, p.Y.Max = 0, top*1.45 // room for the legend
		p.Title.Text = "weather: " + wx
		p.X.Label.Text = "odds"
		p.Y.Label.Text = "strength lost"
		p.X.Tick.Marker = ticks
		p.Add(plotter.NewGrid())
		for m, mod := range []*Module{c.A, c.B} {
			for _, att := range []bool{false, true} {
				var segs []plotter.XYs
				var cur plotter.XYs
				for i, o := range c.Odds {
					out := mod.at(wx, o)
					if out.Column == "" {
						if len(cur) > 0 {
							segs, cur = append(segs, cur), nil
						}
						continue
					}
					y := out.DefenderLost
					if att {
						y = out.AttackerLost
					}
					cur = append(cur, plotter.XY{X: float64(i), Y: y})
				}
				if len(cur) > 0 {
					segs = append(segs, cur)
				}
				for s, seg := range segs {
					l, pts, err := plotter.NewLinePoints(seg)
					if err != nil {
						return err
					}
					l.Color, pts.Color = plotutil.Color(m), plotutil.Color(m)
					l.Width = vg.Points(1.5)
					if att {
						l.Dashes = []vg.Length{vg.Points(5), vg.Points(3)}
					}
					p.Add(l, pts)
					if s == 0 && k == 0 {
						who := "defender"
						if att {
							who = "attacker"
						}
						p.Legend.Add(fmt.Sprintf("%s: %s loses", mod.ID, who), l, pts)
					}
				}
			}
		}
		p.Legend.Top = true
		plots[0][k] = p
	}
	return pictures.SavePlots(path, plots, vg.Length(len(c.Weathers))*5*vg.Inch, 4*vg.Inch)
}
