package game

// The setup step (issue 5): before the first phase each player places the
// units that a scenario binds to a setup area (a region, a country, the
// hexes near a place or behind a front line), in the order of the rules'
// R.setup_order (base.lua: Soviet first, then Axis; ADC2: Game Setup;
// GDW: Beginning Play gives no order, gpw uses the same). Commands: place UNIT HEX, place auto (the rest of this side by the
// rule of autoPlace), end. --auto-setup places every unit at once.

import (
	"fmt"
	"io/fs"
	"slices"
	"sort"
	"strings"

	"gpw/core"
	"gpw/scenario"
)

// setupState is the setup step in progress.
type setupState struct {
	order []core.Side // sides still to set up, the current one first
	units [2][]int    // per side, the unit indexes it places
}

// unitErr is an error about a unit, at the file and line that define it
// (a catalogue file for catalogue units).
func (g *Game) unitErr(us scenario.UnitSpec, format string, a ...any) error {
	file := g.Sc.File
	if us.File != "" {
		file = us.File
	}
	return &scenario.Error{File: file, Line: us.Line, Msg: fmt.Sprintf(format, a...)}
}

// setupRule cites the rule behind every setup refusal.
func (g *Game) setupRule() string {
	if c, ok := g.Rules.Cite["setup"]; ok {
		return c
	}
	return "GDW: Beginning Play" // the rulebook every module builds on
}

func (g *Game) setupRefuse(format string, a ...any) *Refusal {
	return &Refusal{Msg: fmt.Sprintf(format, a...), Rule: g.setupRule()}
}

// beginSetup opens the setup step if the scenario has units to place.
// It reports whether the step is open (the first phase then begins when
// it ends).
func (g *Game) beginSetup() (bool, error) {
	st := &setupState{}
	for k, us := range g.Sc.Units {
		if us.Setup > 0 && g.S.Units[k].Status == core.Pending {
			side := g.S.Units[k].Side
			st.units[side] = append(st.units[side], k)
		}
	}
	for _, side := range g.Rules.SetupOrder { // R.setup_order
		if len(st.units[side]) > 0 {
			st.order = append(st.order, side)
		}
	}
	if len(st.order) == 0 {
		return false, nil
	}
	g.setupStep = st
	if g.Opts.AutoSetup {
		return false, g.autoSetupAll()
	}
	g.announceSetup()
	return true, nil
}

func (g *Game) announceSetup() {
	side := g.setupStep.order[0]
	n := len(g.toPlace(side))
	g.emit(EventSetup, fmt.Sprintf("setup: the %s player places %d unit(s) in their setup areas (place UNIT HEX, place auto, end)", side, n),
		Field{"side", side.String()}, Field{"units", n}, Field{"rule", g.setupRule()})
}

// InSetup reports whether the game is in its setup step.
func (g *Game) InSetup() bool { return g.setupStep != nil }

// SetupSide is the side placing units now (NoSide outside the setup step).
func (g *Game) SetupSide() core.Side {
	if g.setupStep == nil {
		return core.NoSide
	}
	return g.setupStep.order[0]
}

// toPlace lists side's setup units not yet on the map.
func (g *Game) toPlace(side core.Side) []int {
	var out []int
	for _, k := range g.setupStep.units[side] {
		if g.S.Units[k].Status != core.OnMap {
			out = append(out, k)
		}
	}
	return out
}

// SetupArea is where unit k may be set up (nil if it is not bound to one).
func (g *Game) SetupArea(k int) core.Bitset {
	if i := g.Sc.Units[k].Setup; i > 0 {
		return g.Sc.Setup[i-1].Area
	}
	return nil
}

// setupDo runs a command of the setup step (Do sends every command here
// while the step lasts).
func (g *Game) setupDo(c *Command) error {
	switch c.Verb {
	case VerbPlace:
		if len(c.Args) == 1 && c.Args[0] == "auto" {
			return g.autoPlace(g.SetupSide())
		}
		return g.setupPlace(c.Unit, c.Hex)
	case VerbEnd:
		return g.setupEnd()
	case VerbAuto:
		g.auto = c.Args[0] == "on" // an option, not a move
		return nil
	}
	return g.setupRefuse("it is the %s player's setup: place UNIT HEX, place auto or end, not %q", g.SetupSide(), c.Verb)
}

// checkSetup checks that unit k may be set up in hex h now, changing
// nothing: the validator of setup placement and of the legal actions.
func (g *Game) checkSetup(k, h int) error {
	side := g.SetupSide()
	u := &g.S.Units[k]
	area := g.SetupArea(k)
	if area == nil || u.Status == core.Eliminated {
		return g.setupRefuse("%s is not a unit to set up in this scenario", u.ID)
	}
	if u.Side != side {
		return g.setupRefuse("%s belongs to the %s player; the %s player is setting up", u.ID, u.Side, side)
	}
	if !area.Has(h) {
		var free []string
		area.Each(func(i int) {
			if len(free) < 6 && g.S.Occupant(i) < 0 {
				free = append(free, g.S.Map.ID(i))
			}
		})
		name := g.Sc.Setup[g.Sc.Units[k].Setup-1].PoolName()
		return g.setupRefuse("%s must be set up in %s: %s is outside it (free hexes in it: %s)", u.ID, name, g.S.Map.ID(h), strings.Join(free, ", "))
	}
	if u.Stacks {
		if o := g.S.Occupant(h); o >= 0 && o != k {
			return g.setupRefuse("%s already holds %s: one unit per hex", g.S.Map.ID(h), g.S.Units[o].ID)
		}
	}
	if g.S.Map.Terrain[h].Water() {
		return g.setupRefuse("%s is a %s hex", g.S.Map.ID(h), g.S.Map.Terrain[h])
	}
	return nil
}

// setupPlace puts unit k on hex h; a unit already placed in this setup
// moves to the new hex.
func (g *Game) setupPlace(k, h int) error {
	if err := g.checkSetup(k, h); err != nil {
		return err
	}
	u := &g.S.Units[k]
	if u.Status == core.OnMap {
		g.S.Take(k, core.Pending)
	}
	return g.setupPlaceAt(k, h)
}

// setupEnd ends the current side's setup; after the last, the first phase
// begins.
func (g *Game) setupEnd() error {
	side := g.SetupSide()
	if left := g.toPlace(side); len(left) > 0 {
		ids := make([]string, 0, len(left))
		for _, k := range left {
			ids = append(ids, g.S.Units[k].ID)
		}
		if len(ids) > 8 {
			ids = append(ids[:8], "...")
		}
		return g.setupRefuse("the %s player has %d unit(s) still to set up: %s", side, len(left), strings.Join(ids, ", "))
	}
	g.emit(EventSetupEnd, fmt.Sprintf("the %s player has set up", side), Field{"side", side.String()})
	st := g.setupStep
	st.order = st.order[1:]
	if len(st.order) > 0 {
		g.announceSetup()
		return nil
	}
	g.setupStep = nil
	return g.beginPhase()
}

// autoSetupAll places every side's units by autoPlace and closes the step
// (without beginning the first phase: New does that).
func (g *Game) autoSetupAll() error {
	for _, side := range g.setupStep.order {
		if err := g.autoPlace(side); err != nil {
			return err
		}
		g.emit(EventSetupEnd, fmt.Sprintf("the %s player has set up (automatically)", side), Field{"side", side.String()})
	}
	g.setupStep = nil
	return nil
}

// AutoSetup finishes the setup step at once: every unit still to place
// is placed by the rule of autoPlace, and the first phase begins.
func (g *Game) AutoSetup() error {
	if g.setupStep == nil {
		return nil
	}
	if err := g.autoSetupAll(); err != nil {
		return err
	}
	return g.beginPhase()
}

// autoPlace places side's remaining setup units by a deterministic rule
// (docs/modding.md, "Automatic setup"): table by table, the one with the
// fewest free hexes first (file order on a tie), units in the order listed. The candidates are the table's free area
// hexes nearest the enemy: the smallest band of distance to an
// enemy-controlled hex that holds enough hexes for the table's units. The
// first unit takes the band's hex nearest the enemy (lowest index on a
// tie); each next one the hex farthest from the units this table placed
// (then nearest the enemy, then lowest index), so that a table's units
// spread along its front.
func (g *Game) autoPlace(side core.Side) error {
	left := g.toPlace(side)
	if len(left) == 0 {
		return nil
	}
	m := g.S.Map
	dist := g.enemyDistance(side)
	byTable := map[int][]int{}
	var tables []int
	for _, k := range left {
		t := g.Sc.Units[k].Setup
		if _, ok := byTable[t]; !ok {
			tables = append(tables, t)
		}
		byTable[t] = append(byTable[t], k)
	}
	// the tightest areas first (fewest free hexes), then file order
	room := map[int]int{}
	for _, t := range tables {
		g.Sc.Setup[t-1].Area.Each(func(h int) {
			if g.S.Occupant(h) < 0 {
				room[t]++
			}
		})
	}
	sort.Slice(tables, func(i, j int) bool {
		a, b := tables[i], tables[j]
		if room[a] != room[b] {
			return room[a] < room[b]
		}
		return a < b
	})
	for _, t := range tables {
		units := byTable[t]
		area := g.Sc.Setup[t-1].Area
		var cands []int
		area.Each(func(h int) {
			if g.S.Occupant(h) < 0 {
				cands = append(cands, h)
			}
		})
		sort.SliceStable(cands, func(i, j int) bool { return dist[cands[i]] < dist[cands[j]] })
		stacking := 0
		for _, k := range units {
			if g.S.Units[k].Stacks {
				stacking++
			}
		}
		// the objectives of the area first: each free victory city and
		// fortress takes the table's last-listed combat unit not yet placed
		if held := g.autoHold(area, units, stacking); len(held) > 0 {
			var rest []int
			for _, k := range units {
				if _, ok := held[k]; !ok {
					rest = append(rest, k)
				} else if err := g.setupPlaceAt(k, held[k]); err != nil {
					return err
				}
			}
			units, stacking = rest, stacking-len(held)
			cands = slices.DeleteFunc(cands, func(h int) bool { return g.S.Occupant(h) >= 0 })
		}
		if stacking > len(cands) {
			return g.setupRefuse("%s: %d units to set up but only %d free hexes", g.Sc.Setup[t-1].PoolName(), stacking, len(cands))
		}
		// the band: the nearest hexes, enough for every unit
		n := max(stacking, 1)
		band := cands
		if len(cands) > n {
			limit := dist[cands[n-1]]
			end := n
			for end < len(cands) && dist[cands[end]] <= limit {
				end++
			}
			band = cands[:end]
		}
		// combat units first, then leaders and air units (which do not
		// take a hex of their own), each group in the order listed
		sort.SliceStable(units, func(i, j int) bool { return g.S.Units[units[i]].Stacks && !g.S.Units[units[j]].Stacks })
		var placed []int
		for _, k := range units {
			u := &g.S.Units[k]
			if !u.Stacks {
				if h := g.autoNonCombat(k, area, placed, dist); h >= 0 {
					if err := g.setupPlaceAt(k, h); err != nil {
						return err
					}
					continue
				}
			}
			best, bestScore := -1, [3]int{}
			for _, h := range band {
				if u.Stacks && g.S.Occupant(h) >= 0 {
					continue
				}
				spread := 1 << 20
				for _, p := range placed {
					spread = min(spread, m.Distance(h, p))
				}
				if len(placed) == 0 {
					spread = 0
				}
				score := [3]int{-spread, dist[h], h}
				if best < 0 || less3(score, bestScore) {
					best, bestScore = h, score
				}
			}
			if best < 0 {
				return g.setupRefuse("%s: no free hex left for %s", g.Sc.Setup[t-1].PoolName(), u.ID)
			}
			if err := g.setupPlaceAt(k, best); err != nil {
				return err
			}
			placed = append(placed, best)
		}
	}
	return nil
}

// autoHold picks, for a setup table's area and units (stacking of them
// combat units that take a hex), a unit for each free victory city of
// the scenario and each fortress in the area, in hex order: the
// last-listed combat units, so that the first ones still hold the line;
// none when the table has fewer combat units than such hexes.
func (g *Game) autoHold(area core.Bitset, units []int, stacking int) map[int]int {
	var hexes []int
	area.Each(func(h int) {
		if g.S.Occupant(h) >= 0 {
			return
		}
		if c, ok := g.S.Map.City(h); ok && (c.Kind == core.Fortress || g.victoryCity(c.Name)) {
			hexes = append(hexes, h)
		}
	})
	if len(hexes) == 0 || len(hexes) > stacking {
		return nil
	}
	out := map[int]int{}
	i := len(units) - 1
	for _, h := range hexes {
		for i >= 0 && !g.S.Units[units[i]].Stacks {
			i--
		}
		out[units[i]] = h
		i--
	}
	return out
}

// victoryCity reports whether a city is named by the scenario's victory
// conditions.
func (g *Game) victoryCity(name string) bool {
	for _, c := range g.Sc.Victory.Condition {
		if slices.Contains(c.Cities, name) || slices.Contains(c.Require, name) {
			return true
		}
	}
	return false
}

// autoNonCombat chooses the setup hex of a leader or an air unit (-1 to
// use the general rule): a leader joins the table's first combat unit
// (ADC2: Leaders: with a friendly combat unit); an air unit takes a city or
// rail hex of the area holding no other air unit, the one whose distance
// to the enemy is nearest 3 hexes, then the lowest index (ADC2: Air
// Support: air units stand in cities and on rail hexes).
func (g *Game) autoNonCombat(k int, area core.Bitset, placed []int, dist []int) int {
	u := &g.S.Units[k]
	m := g.S.Map
	switch u.Kind {
	case "leader":
		if len(placed) > 0 {
			return placed[0]
		}
	case "air":
		airAt := map[int]bool{}
		for j := range g.S.Units {
			if o := &g.S.Units[j]; o.Status == core.OnMap && o.Kind == "air" {
				airAt[o.Hex] = true
			}
		}
		best, bestD := -1, 0
		area.Each(func(h int) {
			_, city := m.City(h)
			if (!city && !m.IsRail(h)) || airAt[h] {
				return
			}
			d := dist[h] - 3
			if d < 0 {
				d = -d
			}
			if best < 0 || d < bestD {
				best, bestD = h, d
			}
		})
		return best
	}
	return -1
}

func less3(a, b [3]int) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}

func (g *Game) setupPlaceAt(k, h int) error {
	u := &g.S.Units[k]
	if err := g.S.Place(k, h); err != nil {
		return g.setupRefuse("%v", err)
	}
	name := g.Sc.Setup[g.Sc.Units[k].Setup-1].PoolName()
	g.emit(EventPlace, fmt.Sprintf("%s set up in %s (%s) at strength %d", u.ID, g.S.Map.ID(h), name, u.AttackNow()),
		Field{"unit", u.ID}, Field{"hex", g.S.Map.ID(h)}, Field{"strength", u.AttackNow()}, Field{"setup", name})
	return nil
}

// enemyDistance is each hex's distance in hexes to the nearest land hex
// controlled by side's enemy (a large number when there is none).
func (g *Game) enemyDistance(side core.Side) []int {
	m := g.S.Map
	d := make([]int, m.Len())
	var q []int
	for h := range d {
		d[h] = -1
		if m.OnMap[h] && !m.Terrain[h].Water() && g.S.Control[h] == side.Enemy() {
			d[h] = 0
			q = append(q, h)
		}
	}
	for len(q) > 0 {
		h := q[0]
		q = q[1:]
		for dir := core.N; dir <= core.NW; dir++ {
			n := int(m.Nbr[h][dir])
			if n >= 0 && d[n] < 0 {
				d[n] = d[h] + 1
				q = append(q, n)
			}
		}
	}
	for h := range d {
		if d[h] < 0 {
			d[h] = 1 << 20
		}
	}
	return d
}

// releasePools runs the force pools due for side (in the turns since its
// last reinforcement phase): the units of an "available" pool (ADC2:
// AvailableToBuild, May 1942) move to the eliminated pile, where
// replacement points can rebuild them. Conversion, garrison and defection
// pools wait for the rules that open them.
func (g *Game) releasePools(side core.Side, due func(turn int) bool) {
	for _, p := range g.Sc.PoolSpecs {
		if p.Kind != "available" {
			continue
		}
		if t, err := g.ParseTurn(p.Turn); err != nil || !due(t) {
			continue
		}
		var moved []string
		for _, id := range p.Units {
			k, ok := g.S.UnitByID(id)
			if !ok || g.S.Units[k].Side != side || !g.Sc.Units[k].Held || g.S.Units[k].Status != core.Pending {
				continue
			}
			g.S.Units[k].Status = core.Eliminated
			moved = append(moved, id)
		}
		if len(moved) > 0 {
			g.emit(EventPool, fmt.Sprintf("%s: %s move to the Removed pool and may be rebuilt", p.Name, strings.Join(moved, ", ")),
				Field{"pool", p.Name}, Field{"units", moved}, Field{"to", "Removed"})
		}
	}
}

// ReplacementPoints is what side receives in turn t: a [[replacements]]
// entry for that turn, else the one for its year, else 0.
func (g *Game) ReplacementPoints(side core.Side, t int) int {
	pts, byTurn := 0, false
	for _, rp := range g.Sc.Repl {
		n := rp.Axis
		if side == core.Soviet {
			n = rp.Soviet
		}
		switch {
		case rp.Turn != "":
			if rt, err := g.ParseTurn(rp.Turn); err == nil && rt == t {
				pts, byTurn = n, true
			}
		case rp.Year != 0 && !byTurn && rp.Year == t/len(g.Rules.Calendar):
			pts = n
		}
	}
	return pts
}

// VictoryResult is a victory condition that holds.
type VictoryResult struct {
	Side   core.Side
	Result Level // win, decisive, marginal
	Text   string
}

// CheckVictory evaluates the scenario's [[victory.condition]] tables that
// apply at moment when: "end" (the end of the last turn), "axis-turn" or
// "soviet-turn" (the end of that player turn). A city is held when its
// hex is controlled by the side (hold = "control") or holds one of the
// side's combat units (hold = "occupy"). It returns the conditions met, in
// file order. TODO(lead): call it at the end of each player turn and of the
// game, and end the game on a "win".
func (g *Game) CheckVictory(when string) []VictoryResult {
	var out []VictoryResult
	for _, c := range g.Sc.Victory.Condition {
		w := c.When
		if w == "" {
			w = "end"
		}
		if w != when {
			continue
		}
		side, _ := core.ParseSide(c.Side)
		held := func(name string) bool {
			city, ok := g.S.Map.FindCity(name)
			if !ok {
				return false
			}
			if c.Hold == "occupy" {
				k := g.S.Occupant(city.Hex)
				return k >= 0 && g.S.Units[k].Side == side
			}
			return g.S.Control[city.Hex] == side
		}
		ok := true
		for _, name := range c.Require {
			ok = ok && held(name)
		}
		n := 0
		for _, name := range c.Cities {
			if held(name) {
				n++
			}
		}
		need := c.Count
		if need == 0 {
			need = len(c.Cities)
		}
		if ok && n >= need {
			r, err := ParseLevel(c.Result)
			if err != nil {
				continue // scenario.Victory refuses such a file when it loads
			}
			out = append(out, VictoryResult{Side: side, Result: r,
				Text: fmt.Sprintf("%s %s: holds %d of %s", side, r, n, strings.Join(c.Cities, ", "))})
		}
	}
	return out
}

// StartPosition sets up a game of sc with every setup unit placed by the
// automatic rule and returns its position (for drawing a scenario's start:
// gpw map render --scenario). builtin holds the rules/ directory.
func StartPosition(sc *scenario.Scenario, o Options, builtin fs.FS) (*core.State, error) {
	o.AutoSetup = true
	g, err := New(sc, o, builtin, nil)
	if err != nil {
		return nil, err
	}
	return g.S, nil
}
