package sim

import (
	"fmt"
	"io"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
)

// MaxTurnColumns is the most turns the text report prints across; longer
// games show turns spread evenly, the last always among them.
const MaxTurnColumns = 8

// WriteText prints the report for people.
func (r *Report) WriteText(w io.Writer) error {
	var b strings.Builder
	p := func(format string, a ...any) { fmt.Fprintf(&b, format, a...) }
	length := "to the scenario's end"
	if r.Turns > 0 {
		length = fmt.Sprintf("at most %d turn(s)", r.Turns)
	}
	p("%s: %d seed indices planned (seeds %d..%d), bots %s, %s\n", r.Scenario, r.Games, r.Seed, r.Seed+int64(r.Games)-1, r.Bot, length)
	if r.Shard != nil {
		p("shard %s only: merge the shards (gpw sim merge) for the whole experiment\n", r.Shard)
	}
	if r.Until != "" {
		p("sequential stop: --until %s\n", r.Until)
	}
	p("%s; intervals are %g%%\n", r.Version, Level*100)
	cols := turnColumns(len(r.TurnName))
	for a, ar := range r.Arms {
		role := ""
		if a == 0 {
			role = " (baseline)"
		}
		p("\narm %d%s: %s, rules hash %.12s: %d games\n", a, role, ar.Name, ar.Hash, ar.N)
		p("  axis wins    %5d  %s%s\n", ar.Wins.Axis, pct(ar.AxisWin), levels(ar.Levels, "axis"))
		p("  soviet wins  %5d  %s%s\n", ar.Wins.Soviet, pct(ar.SovietWin), levels(ar.Levels, "soviet"))
		p("  no winner    %5d\n", ar.NoWinner)
		p("  mean score   %s  (Axis's level met minus the Soviet's: win 3, decisive 2, marginal 1)\n", num(ar.Score, 2, true))
		p("  game length  %s turns; %d cut short by the turn limit\n", num(ar.Length, 2, false), ar.Truncated)
		p("  balance %s  decisiveness %s  drawishness %s  (Ludii)\n", f3(ar.Balance), f3(ar.Decisiveness), f3(ar.Drawishness))
		p("  strength lost in battle: axis %s, soviet %s\n", num(ar.Lost.Axis, 1, false), num(ar.Lost.Soviet, 1, false))
		p("  battles: %s\n", battles(ar.Battles))
		p("  refused commands: %d\n", ar.Refused)
		if len(cols) > 0 && len(ar.Cities.Axis) > 0 {
			rows := [][]string{{"end of turn"}, {"cities: axis"}, {"cities: soviet"}}
			for _, t := range cols {
				rows[0] = append(rows[0], r.TurnName[t])
				rows[1] = append(rows[1], fmt.Sprintf("%.1f", float64(ar.Cities.Axis[t].Est)))
				rows[2] = append(rows[2], fmt.Sprintf("%.1f", float64(ar.Cities.Soviet[t].Est)))
			}
			for _, k := range ar.Key {
				row := []string{"axis holds " + k.City}
				for _, t := range cols {
					row = append(row, fmt.Sprintf("%.1f%%", 100*float64(k.Share[t])))
				}
				rows = append(rows, row)
			}
			Table(&b, "  ", rows)
		}
	}
	for _, c := range r.Versus {
		p("\n%s against %s, %d pairs of games on the same seeds:\n", c.Arm, r.Arms[0].Name, c.Pairs)
		p("  axis wins    %s points; the Axis won under %s only %d times, under %s only %d\n", pts(c.AxisWin), c.Arm, c.ArmOnly, r.Arms[0].Name, c.BaseOnly)
		test := "χ²"
		if c.Exact {
			test = "exact"
		}
		p("               McNemar p = %s (%s)", pv(c.P), test)
		if len(r.Versus) > 1 {
			p(", Holm-adjusted over %d arms p = %s", len(r.Versus), pv(c.Holm))
		}
		p("\n  mean score   %s, paired t p = %s\n", num(c.Score, 2, true), pv(c.PScore))
		for _, cc := range c.Cities {
			p("  axis holds %s at the end: %s points, p = %s\n", cc.City, pts(cc.Diff), pv(cc.P))
		}
		p("  pairing: correlation %s (wins), %s (score): worth %s and %s independent games\n",
			f3(c.WinPairing.Corr), f3(c.ScorePairing.Corr), games(c.WinPairing.Equivalent), games(c.ScorePairing.Equivalent))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// Table prints rows with the first column left-aligned and the others
// right-aligned, each as wide as its widest cell.
func Table(b *strings.Builder, indent string, rows [][]string) {
	var w []int
	for _, row := range rows {
		for i, c := range row {
			if i == len(w) {
				w = append(w, 0)
			}
			w[i] = max(w[i], len([]rune(c)))
		}
	}
	for _, row := range rows {
		line := indent
		for i, c := range row {
			pad := strings.Repeat(" ", w[i]-len([]rune(c)))
			if i == 0 {
				line += c + pad
			} else {
				line += "  " + pad + c
			}
		}
		b.WriteString(strings.TrimRight(line, " ") + "\n")
	}
}

// turnColumns picks the turns to print: all of them, or MaxTurnColumns
// spread evenly with the last.
func turnColumns(n int) []int {
	var out []int
	if n <= MaxTurnColumns {
		for t := 0; t < n; t++ {
			out = append(out, t)
		}
		return out
	}
	for k := 0; k < MaxTurnColumns; k++ {
		out = append(out, (n-1)*k/(MaxTurnColumns-1))
	}
	return out
}

func pct(v Interval) string {
	if math.IsNaN(float64(v.Est)) {
		return "   n/a"
	}
	return fmt.Sprintf("%5.1f%% [%.1f, %.1f]", 100*v.Est, 100*v.Lo, 100*v.Hi)
}

// pts prints a difference of proportions in percentage points.
func pts(v Interval) string {
	if math.IsNaN(float64(v.Est)) {
		return "n/a"
	}
	return fmt.Sprintf("%+.1f [%+.1f, %+.1f]", 100*v.Est, 100*v.Lo, 100*v.Hi)
}

func num(v Interval, prec int, sign bool) string {
	if math.IsNaN(float64(v.Est)) {
		return "n/a"
	}
	f := "%." + strconv.Itoa(prec) + "f"
	if sign {
		f = "%+." + strconv.Itoa(prec) + "f"
	}
	if math.IsInf(float64(v.Lo), 0) {
		return fmt.Sprintf(f+" [n/a]", float64(v.Est))
	}
	return fmt.Sprintf(f+" ["+f+", "+f+"]", float64(v.Est), float64(v.Lo), float64(v.Hi))
}

func f3(x Num) string {
	if math.IsNaN(float64(x)) {
		return "n/a"
	}
	return fmt.Sprintf("%.3f", float64(x))
}

func pv(x Num) string {
	switch {
	case math.IsNaN(float64(x)):
		return "n/a"
	case x < 0.0001:
		return fmt.Sprintf("%.1e", float64(x))
	}
	return fmt.Sprintf("%.4f", float64(x))
}

func games(x Num) string {
	if math.IsInf(float64(x), 1) {
		return "unlimited (every pair alike)"
	}
	return fmt.Sprintf("%.0f", float64(x))
}

func levels(m map[string]int, side string) string {
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(m)) {
		if lv, ok := strings.CutPrefix(k, side+" "); ok {
			parts = append(parts, fmt.Sprintf("%s %d", lv, m[k]))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "  (" + strings.Join(parts, ", ") + ")"
}

// ratio reads an odds column label "p:q" for ordering.
func ratio(col string) float64 {
	ps, qs, ok := strings.Cut(col, ":")
	p, err1 := strconv.ParseFloat(ps, 64)
	q, err2 := strconv.ParseFloat(qs, 64)
	if !ok || err1 != nil || err2 != nil || q == 0 {
		return math.Inf(1)
	}
	return p / q
}

func battles(m map[string]map[string]int) string {
	if len(m) == 0 {
		return "none"
	}
	cols := slices.Sorted(maps.Keys(m))
	slices.SortStableFunc(cols, func(a, b string) int {
		ra, rb := ratio(a), ratio(b)
		switch {
		case ra < rb:
			return -1
		case ra > rb:
			return 1
		}
		return 0
	})
	var parts []string
	total := 0
	for _, c := range cols {
		var rs []string
		for _, k := range slices.Sorted(maps.Keys(m[c])) {
			rs = append(rs, fmt.Sprintf("%s %d", k, m[c][k]))
			total += m[c][k]
		}
		parts = append(parts, c+": "+strings.Join(rs, " "))
	}
	return fmt.Sprintf("%d; %s", total, strings.Join(parts, "; "))
}
