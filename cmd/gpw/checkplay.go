package main

import (
	"cmp"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"gpw"
	"gpw/bot"
	"gpw/core"
	"gpw/game"
	"gpw/interp"
	"gpw/scenario"
)

// thorough checks what a scenario loaded under its own rules leaves to
// play: its [bot] table as the bots read it, and each variant it names
// (the scenario loaded and a game started under it). With play, one bot
// game per variant is played to the end, and any error is reported with
// the scenario's file, the variant and the turn it came in.
func thorough(o *checkOptions, f string, sc *scenario.Scenario) error {
	var es scenario.Errors
	if sc.Bot != nil {
		if err := bot.CheckDoctrine(sc.Bot); err != nil {
			es = append(es, &scenario.Error{File: f, Line: botLine(sc, err), Msg: "[bot]: " + botHint(err)})
		}
	}
	variants := sc.Variants
	if o.Rules != "" {
		variants = []string{o.Rules}
	}
	for _, v := range variants {
		vsc, rules := sc, variantRules(o, sc, v)
		if rules != "" && rules != o.Rules {
			var err error
			if vsc, err = loadScenario(f, rules); err != nil {
				es = append(es, variantError(f, sc, v, err)...)
				continue
			}
		}
		g, err := game.New(vsc, game.Options{Rules: rules}, rulesFS(), nil)
		if err != nil {
			es = append(es, variantError(f, sc, v, err)...)
			continue
		}
		es = append(es, closedSetups(f, v, g)...)
		if !o.Play {
			continue
		}
		where, err := playCheck(vsc, rules)
		if err != nil {
			es = append(es, &scenario.Error{File: f, Line: setupLine(sc, err), Msg: fmt.Sprintf("under %s, in %s: %v", v, where, err)})
		} else {
			fmt.Fprintf(o.IO.Out, "%s: %s: a bot game played to its end (%s)\n", f, v, where)
		}
	}
	if len(es) == 0 {
		return nil
	}
	return es
}

// variantRules is the Options.Rules of a game of sc under variant v: ""
// for the scenario's own rules (a module beside it is found there), a
// module named by a variant relative to the scenario's folder.
func variantRules(o *checkOptions, sc *scenario.Scenario, v string) string {
	switch {
	case o.Rules != "":
		return o.Rules
	case v == ownVariant(sc):
		return ""
	case strings.HasSuffix(v, ".lua") && sc.Dir != "" && !filepath.IsAbs(v):
		return filepath.Join(sc.Dir, filepath.FromSlash(v))
	}
	return v
}

// ownVariant is the rules the scenario is loaded under by default.
func ownVariant(sc *scenario.Scenario) string {
	if sc.Rules != "" {
		return sc.Rules
	}
	return "gdw"
}

// variantError is what loading under variant v found, with the line of
// the variants key when the variant itself is unknown.
func variantError(f string, sc *scenario.Scenario, v string, err error) scenario.Errors {
	if es, ok := err.(scenario.Errors); ok {
		out := scenario.Errors{}
		for _, e := range es {
			c := *e
			c.Msg = "under " + v + ": " + c.Msg
			out = append(out, &c)
		}
		return out
	}
	msg := err.Error()
	if _, known := interp.Variants[v]; !known && !strings.HasSuffix(v, ".lua") {
		names := variantNames()
		msg = fmt.Sprintf("variants: %q is not a rules variant%s", v, nearOr(v, names))
	} else {
		msg = "under " + v + ": " + msg
	}
	return scenario.Errors{{File: f, Line: sc.KeyLine("", "variants"), Msg: msg}}
}

// nearOr is " (did you mean X?)" or the list of names.
func nearOr(s string, names []string) string {
	if near := core.NearNames(s, names); len(near) > 0 {
		return fmt.Sprintf(" (did you mean %q?)", near[0])
	}
	return " (variants: " + strings.Join(names, ", ") + ")"
}

var quotedKey = regexp.MustCompile(`unknown key "([^"]+)"`)

// botKey is the key a [bot] error is about, and the side's table it is
// in ("" for the top).
func botKey(err error) (table, key string) {
	msg := err.Error()
	table = "bot"
	for _, s := range []string{"axis", "soviet"} {
		if strings.HasPrefix(msg, s+": ") {
			table, msg = "bot."+s, strings.TrimPrefix(msg, s+": ")
		}
	}
	if m := quotedKey.FindStringSubmatch(msg); m != nil {
		return table, m[1]
	}
	k, _, _ := strings.Cut(msg, ":")
	k, _, _ = strings.Cut(k, ".")
	return table, k
}

// botLine is the line of the key a [bot] error is about.
func botLine(sc *scenario.Scenario, err error) int {
	table, key := botKey(err)
	if l := sc.KeyLine(table, key); l > 0 {
		return l
	}
	return sc.KeyLine("bot", key)
}

// botHint adds a did-you-mean to an unknown key.
func botHint(err error) string {
	msg := err.Error()
	if m := quotedKey.FindStringSubmatch(msg); m != nil {
		if near := core.NearNames(m[1], bot.DoctrineKeys()); len(near) > 0 {
			return strings.Replace(msg, m[0], fmt.Sprintf("%s (did you mean %q?)", m[0], near[0]), 1)
		}
	}
	return msg
}

// setupLine is the line of the setup table an error of play names by its
// pool (the bots' placement), else 0.
func setupLine(sc *scenario.Scenario, err error) int {
	msg := err.Error()
	for _, g := range sc.Setup {
		if n := g.PoolName(); strings.HasPrefix(msg, n+":") || strings.Contains(msg, " "+n+":") {
			return g.Line
		}
	}
	return 0
}

// playCheck plays one game of sc under variant v bot against bot to its
// end. It returns the turn and phase it reached (where the first error
// came, if any) and that error.
func playCheck(sc *scenario.Scenario, v string) (where string, err error) {
	where = sc.Start
	sink := func(e game.Event) {
		if e.Kind == game.EventPhase {
			where = e.Text // "Nov/Dec 1941: axis-combat", even for a phase start rolled back
		}
	}
	g, err := game.New(sc, game.Options{Rules: v, NoUndo: true}, rulesFS(), sink)
	if err != nil {
		return where, err
	}
	ax, err := bot.ForGame(g, core.Axis, bot.DefaultLevel)
	if err != nil {
		return where, err
	}
	so, err := bot.ForGame(g, core.Soviet, bot.DefaultLevel)
	if err != nil {
		return where, err
	}
	if err := bot.PlayGame(g, ax, so, 0, nil); err != nil {
		// The bots look ahead on copies of the game: an error of the next
		// phase's start is met while the game stands before it. Ending
		// the phase on the game itself (refused as a whole, the game
		// unchanged) shows the phase it comes in.
		if e2 := g.Exec("end"); e2 != nil && sameFailure(err, e2) {
			if next := nextPhase(g, e2); next != "" {
				return next, e2
			}
		}
		return where, err
	}
	if !g.Over() {
		return where, errors.New("the game did not reach its end")
	}
	return where, nil
}

// returnsFunction finds the top-level return of a special-rules file:
// a function of the rules module (a rules module returns its table).
var returnsFunction = regexp.MustCompile(`(?m)^return\s+function\b`)

// checkSpecial checks a scenario's special-rules file (it returns a
// function of the rules module): through the scenarios of its folder that
// name it, else over the gdw rules. ok is false when f is no such file.
func checkSpecial(o *checkOptions, f string) (ok bool, err error) {
	data, rerr := os.ReadFile(f)
	if rerr != nil {
		return false, nil
	}
	dir, base := filepath.Split(f)
	tomls, _ := filepath.Glob(filepath.Join(cmp.Or(dir, "."), "*.toml"))
	special := regexp.MustCompile(`(?m)^\s*special\s*=\s*"` + regexp.QuoteMeta(base) + `"`)
	for _, t := range tomls {
		b, err := os.ReadFile(t)
		if err != nil || !special.Match(b) {
			continue
		}
		fmt.Fprintf(o.IO.Out, "%s: the special rules of %s\n", f, t)
		sc, err := loadScenario(t, o.Rules)
		if err == nil {
			if _, err = game.New(sc, game.Options{Rules: o.Rules}, rulesFS(), nil); err == nil {
				err = thorough(o, t, sc)
			}
		}
		return true, err
	}
	if !returnsFunction.Match(data) {
		return false, nil // a rules module
	}
	rules := cmp.Or(o.Rules, "gdw")
	if _, err := interp.Compile(rules, gpw.Data, base, data); err != nil {
		return true, err
	}
	fmt.Fprintf(o.IO.Out, "%s: special rules over %s (no scenario beside it names it)\n", f, rules)
	return true, nil
}

// closedSetups refuses setup areas the rules close to their side (a
// module's or the special rules' R.closed, which the scenario loader does
// not know): each table needs a free hex for every combat unit outside
// the closed hexes.
func closedSetups(f, v string, g *game.Game) scenario.Errors {
	var es scenario.Errors
	for _, t := range g.Sc.Setup {
		cl := g.ClosedTo(t.SideV)
		if t.Area == nil || cl == nil {
			continue
		}
		open, shut := 0, 0
		t.Area.Each(func(h int) {
			if cl.Has(h) {
				shut++
			} else {
				open++
			}
		})
		need := 0
		for _, id := range t.Units {
			if k, ok := g.Position().UnitByID(id); ok && g.Position().Units[k].Stacks {
				need++
			}
		}
		if shut > 0 && open < need {
			es = append(es, &scenario.Error{File: f, Line: t.Line, Msg: fmt.Sprintf("under %s: setup %s: %d combat units but only %d hexes of its area are open to %s units: the rules close %d (R.closed)", v, t.PoolName(), need, open, t.SideV, shut)})
		}
	}
	return es
}

var inPhase = regexp.MustCompile(`in phase ([a-z0-9-]+)`)

// sameFailure reports whether two errors are one failure met in two
// phases: the same text but for the phase named.
func sameFailure(a, b error) bool {
	return inPhase.ReplaceAllString(a.Error(), "") == inPhase.ReplaceAllString(b.Error(), "")
}

// nextPhase is "TURN: PHASE" for the phase err names when it comes after
// the game's current phase (this turn's, or the next turn's), else "".
func nextPhase(g *game.Game, err error) string {
	m := inPhase.FindStringSubmatch(err.Error())
	if m == nil || m[1] == g.Phase().ID {
		return ""
	}
	ids, at := g.TurnOrder()
	turn := g.Turn().Index
	for i, id := range ids {
		if id == m[1] {
			if i <= at {
				turn++
			}
			return g.TurnName(turn) + ": " + id
		}
	}
	return ""
}
