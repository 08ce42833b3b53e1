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
	setup := ""
	if r.Setup != "" {
		setup = ", setup by " + map[string]string{"bot": "the bots", "auto": "the automatic rule"}[r.Setup]
	}
	bots := r.Bot.String()
	var labels []string
	for _, a := range r.Arms {
		if l := a.Bot.Label(); a.Bot != (Bots{}) && !slices.Contains(labels, l) {
			labels = append(labels, l)
		}
	}
	if len(labels) > 1 {
		bots = strings.Join(labels, ", ") + " (each an arm)"
	}
	p("%s: %d seed indices planned (seeds %d..%d), bots %s%s, %s\n", r.Scenario, r.Games, r.Seed, r.Seed+int64(r.Games)-1, bots, setup, length)
	if r.Shard != nil {
		p("shard %s only: merge the shards (gpw sim merge) for the whole experiment\n", r.Shard)
	}
	if r.Until != "" {
		p("sequential stop: --until %s\n", r.Until)
		p("  WARNING: the run stopped on its own results: its estimates are biased away from zero and its\n  intervals and p-values are not at their nominal level (fixed --games for those)\n")
	}
	p("%s; intervals are %g%%\n", r.Version, Level*100)
	if r.Failed > 0 {
		p("\n%s failed, left out with their pairs:\n", Plural(r.Failed, "game"))
		for _, f := range r.Failures {
			p("  game %d under %s: %s\n    replay: %s\n", f.Game, f.Arm, f.Error, f.Replay)
		}
		if r.Failed > len(r.Failures) {
			p("  and %d more (the results file has them all)\n", r.Failed-len(r.Failures))
		}
	}
	cols := turnColumns(len(r.TurnName))
	for a, ar := range r.Arms {
		role := ""
		if a == 0 {
			role = " (baseline)"
		}
		failed := ""
		if ar.Failed > 0 {
			failed = fmt.Sprintf(" (%d failed)", ar.Failed)
		}
		p("\narm %d%s: %s, rules hash %.12s: %s%s\n", a, role, ar.Name, ar.Hash, Plural(ar.N, "game"), failed)
		p("  axis wins    %5d  %s%s\n", ar.Wins.Axis, pct(ar.AxisWin), levels(ar.Levels, "axis"))
		p("  soviet wins  %5d  %s%s\n", ar.Wins.Soviet, pct(ar.SovietWin), levels(ar.Levels, "soviet"))
		p("  no winner    %5d", ar.NoWinner)
		if ar.Drawishness > 0 {
			p("  (drawishness %s, Ludii)", f3(ar.Drawishness))
		}
		p("\n  mean score   %s  (the verdict: win 3, decisive 2, marginal 1, default 0; + for the Axis)\n", num(ar.Score, 2, true))
		p("  game length  %s turns; %d cut short by the turn limit\n", num(ar.Length, 2, false), ar.Truncated)
		p("  decided in   turn %s (from then on the standing did not change)\n", num(ar.DecisionTurn, 2, false))
		p("  strength lost in battle: axis %s, soviet %s\n", num(ar.Lost.Axis, 1, false), num(ar.Lost.Soviet, 1, false))
		p("  battles: %s\n", battles(ar.Battles))
		for _, side := range []string{"axis", "soviet"} {
			if len(ar.Attacks[side]) > 0 {
				p("  %s attacks: %s\n", side, columns(ar.Attacks[side]))
			}
		}
		if ws := weatherText(ar.Weather); ws != "" {
			p("  weather (movement phases): %s\n", ws)
		}
		if len(ar.Events) > 0 {
			var es []string
			for _, e := range ar.Events {
				es = append(es, fmt.Sprintf("%s %.2f", e.Kind, float64(e.Mean.Est)))
			}
			p("  events per game: %s\n", strings.Join(es, ", "))
		}
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
			for _, sv := range ar.Survival {
				if sv.Owner == "" {
					continue
				}
				row := []string{fmt.Sprintf("%s still %s", sv.City, sv.Owner)}
				for _, t := range cols {
					row = append(row, fmt.Sprintf("%.1f%%", 100*float64(sv.Share[t].Est)))
				}
				rows = append(rows, row)
			}
			Table(&b, "  ", rows)
		}
	}
	for _, c := range r.Versus {
		p("\n%s against %s, %d pairs of games on the same seeds:\n", c.Arm, c.Base, c.Pairs)
		p("  axis wins    %s points; %s\n", pts(c.AxisWin), table2(c.Table, c.Arm, c.Base))
		test := "χ²"
		if c.Exact {
			test = "exact"
		}
		p("               McNemar p = %s (%s), Holm %s\n", pv(c.P), test, pv(c.Holm))
		if s := c.SPRT; s != nil {
			verdict := "neither hypothesis accepted yet"
			switch s.Accepted {
			case "H0":
				verdict = fmt.Sprintf("H0 accepted (the arm changes the Axis win rate by %+.1f points)", 100*s.D0)
			case "H1":
				verdict = fmt.Sprintf("H1 accepted (the arm changes the Axis win rate by %+.1f points)", 100*s.D1)
			}
			p("  SPRT         LLR %.2f, bounds [%.2f, %.2f] (α %g, β %g), %d pairs: %s\n", float64(s.LLR), float64(s.Lower), float64(s.Upper), float64(s.Alpha), float64(s.Beta), s.Pairs, verdict)
			p("               estimate at the stop %+.1f points, bias-corrected %+.1f (Whitehead, by simulating the stopping rule)\n", 100*float64(s.Estimate), 100*float64(s.BiasCorrected))
		}
		p("  mean score   %s, paired t p = %s, Holm %s\n", num(c.Score, 2, true), pv(c.PScore), pv(c.PScoreHolm))
		p("  decided in   %s turns, paired t p = %s, Holm %s\n", num(c.DecisionTurn, 2, true), pv(c.PDecision), pv(c.PDecisionHolm))
		for _, cc := range c.Cities {
			p("  axis holds %s at the end: %s points, p = %s, Holm %s; %s\n", cc.City, pts(cc.Diff), pv(cc.P), pv(cc.Holm), table2(cc.Table, c.Arm, c.Base))
		}
		if len(c.Weather) > 0 {
			var ws []string
			for _, m := range c.Weather {
				ws = append(ws, fmt.Sprintf("%s %s", m.Month, pts(m.Diff)))
			}
			p("  weather not clear (share of movement phases, points): %s\n", strings.Join(ws, "; "))
		}
		for _, e := range c.Events {
			p("  %s events per game: %s, paired t p = %s, Holm %s\n", e.Kind, num(e.Diff, 2, true), pv(e.P), pv(e.Holm))
		}
		if len(cols) > 0 && len(c.PerTurn.CitiesAxis) > 0 {
			rows := [][]string{{"paired difference, end of turn"}, {"cities the Axis holds"}, {"axis strength lost"}, {"soviet strength lost"}}
			for _, t := range cols {
				rows[0] = append(rows[0], r.TurnName[t])
				rows[1] = append(rows[1], fmt.Sprintf("%+.2f±%.2f", float64(c.PerTurn.CitiesAxis[t].Est), half(c.PerTurn.CitiesAxis[t])))
				rows[2] = append(rows[2], fmt.Sprintf("%+.1f±%.1f", float64(c.PerTurn.LostAxis[t].Est), half(c.PerTurn.LostAxis[t])))
				rows[3] = append(rows[3], fmt.Sprintf("%+.1f±%.1f", float64(c.PerTurn.LostSoviet[t].Est), half(c.PerTurn.LostSoviet[t])))
			}
			for _, k := range c.PerTurn.Key {
				row := []string{"axis holds " + k.City + " (points)"}
				for _, t := range cols {
					row = append(row, fmt.Sprintf("%+.1f±%.1f", 100*float64(k.Diff[t].Est), 100*half(k.Diff[t])))
				}
				rows = append(rows, row)
			}
			Table(&b, "  ", rows)
		}
		p("  pairing: correlation %s (wins), %s (score): worth %s and %s independent games\n",
			f3(c.WinPairing.Corr), f3(c.ScorePairing.Corr), games(c.WinPairing.Equivalent), games(c.ScorePairing.Equivalent))
	}
	for _, in := range r.Interactions {
		p("\ndoes %s's effect (against %s) depend on the players? under %s %s points, under %s %s points:\n", in.Rules, in.Base, in.Players, pts(in.Effect), in.Against, pts(in.Baseline))
		p("  difference %s points over %d seeds, paired t p = %s, Holm %s\n", pts(in.Diff), in.Pairs, pv(in.P), pv(in.Holm))
	}
	if len(r.Versus) > 0 {
		p("\nHolm's correction (Holm 1979) in two families: the Axis's wins over %s, every other test over %s;\nthe unadjusted p is for one question asked alone\n",
			Plural(r.PrimaryTests, "comparison"), Plural(r.Tests, "test"))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// Plural prints "1 test", "2 tests" (or the plural given).
func Plural(n int, one string, many ...string) string {
	if n == 1 {
		return "1 " + one
	}
	if len(many) > 0 {
		return fmt.Sprintf("%d %s", n, many[0])
	}
	return fmt.Sprintf("%d %ss", n, one)
}

// half is an interval's half-width (0 when it has none).
func half(v Interval) float64 {
	h := v.Half()
	if math.IsNaN(h) || math.IsInf(h, 0) {
		return 0
	}
	return h
}

// table2 prints a paired 2×2 table: how often the Axis won (or held)
// under both arms, one only, neither.
func table2(t Pairs, arm, base string) string {
	return fmt.Sprintf("pairs: both %d, %s only %d, %s only %d, neither %d", t.Both, arm, t.XOnly, base, t.YOnly, t.Neither)
}

// columns prints counts by odds column, in odds order.
func columns(m map[string]int) string {
	cols := sortColumns(slices.Collect(maps.Keys(m)))
	var parts []string
	total := 0
	for _, c := range cols {
		parts = append(parts, fmt.Sprintf("%s %d", c, m[c]))
		total += m[c]
	}
	return fmt.Sprintf("%d; %s", total, strings.Join(parts, ", "))
}

func sortColumns(cols []string) []string {
	slices.Sort(cols)
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
	return cols
}

// weatherText prints the share of movement phases of each month with a
// weather other than clear.
func weatherText(ms []MonthWeather) string {
	var parts []string
	for _, m := range ms {
		total := 0
		for _, n := range m.Phases {
			total += n
		}
		if total == 0 {
			continue
		}
		var ws []string
		for _, k := range slices.Sorted(maps.Keys(m.Phases)) {
			ws = append(ws, fmt.Sprintf("%s %.0f%%", k, 100*float64(m.Phases[k])/float64(total)))
		}
		parts = append(parts, m.Month+": "+strings.Join(ws, " "))
	}
	return strings.Join(parts, "; ")
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
	cols := sortColumns(slices.Collect(maps.Keys(m)))
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
