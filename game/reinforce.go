package game

import (
	"fmt"

	"gpw/core"
	"gpw/interp"
)

// entryHex checks that side may bring a unit onto hex h by the rules'
// R.entry (base.lua: GDW: Reinforcements and Replacements): its own
// capital always (Moscow, Berlin, even unsupplied and in enemy ZOC); a
// friendly city (not in enemy ZOC under R.place_city_no_zoc); a hex of its
// friendly map edge not in an enemy zone of control. major limits cities
// to major ones in supply, as for rebuilt units (R.entry.rebuild_major).
func (g *Game) entryHex(side core.Side, h int, major bool) error {
	return g.entryRule(side, h, major, true)
}

// errNoEntry is entryRule's refusal when it is not to be worded: a
// listing only needs to know that a hex is refused.
var errNoEntry = &Refusal{Msg: "no entry here"}

// entryRule is entryHex; unworded (word false) a refusal is errNoEntry,
// made without building its message.
func (g *Game) entryRule(side core.Side, h int, major, word bool) error {
	s, m, e := g.S, g.S.Map, g.Rules.Entry
	refuse := func(rule string, msg func() string) error {
		if !word {
			return errNoEntry
		}
		return g.refuseMsg(rule, msg())
	}
	if s.Occupant(h) >= 0 {
		return refuse("stack", func() string { return m.ID(h) + " already holds " + s.Units[s.Occupant(h)].ID })
	}
	if m.Terrain[h].Water() {
		return refuse("water", func() string { return m.ID(h) + " is a " + m.Terrain[h].String() + " hex" })
	}
	if c, ok := m.City(h); ok && s.Control[h] == side && (e.Cities || e.Capitals && c.Capital == side) {
		if c.Capital == side && e.Capitals {
			return nil
		}
		if g.Rules.PlaceCityNoZOC && s.EnemyZOC(side, h) {
			return refuse("place", func() string { return c.Name + " is in an enemy zone of control" })
		}
		if !major || !e.RebuildMajor {
			return nil
		}
		if c.Kind == core.Minor {
			return refuse("place", func() string { return c.Name + " is a minor city: rebuilt units appear in a friendly major city" })
		}
		if !g.supplied[side].Has(h) {
			return refuse("place", func() string { return c.Name + " is not in supply" })
		}
		return nil
	}
	if e.Edge && m.IsEdge(side, h) {
		if s.EnemyZOC(side, h) {
			return refuse("place", func() string { return m.ID(h) + " is on the friendly map edge but in an enemy zone of control" })
		}
		return nil
	}
	switch {
	case e.Cities && e.Edge:
		return refuse("place", func() string {
			return m.ID(h) + " is neither a friendly city nor on the " + side.String() + " map edge"
		})
	case e.Cities:
		return refuse("place", func() string { return m.ID(h) + " is not a friendly city" })
	case e.Edge:
		return refuse("place", func() string { return m.ID(h) + " is not on the " + side.String() + " map edge" })
	}
	return refuse("place", func() string { return m.ID(h) + ": the rules let no unit enter here" })
}

// placeHex judges where unit k may enter (how: "place", "rebuild" or
// "setup"): the rules' can_place(u, hex, how) may allow (true) or refuse
// (false, why, rule); when it answers nil or is absent, the engine's entry
// rule judges, then the limits of the rules' place_limits, if any.
func (g *Game) placeHex(k, h int, how string, major bool) error {
	own, lim := g.Rules.Has("can_place"), g.Rules.Has("place_limits")
	if own {
		if err := g.S.CanPlace(k, h); err != nil {
			return g.refuse("place", "%v", err)
		}
		if done, err := g.canPlace(k, h, how); done {
			return err
		}
	}
	if err := g.entryHex(g.S.Units[k].Side, h, major); err != nil || !lim {
		return err
	}
	pl, err := g.placeLimitsOf(k, how)
	if err != nil {
		return err
	}
	return pl.refusal(g, h)
}

// canPlace asks the rules' can_place about unit k entering hex h: done
// when it answered true (err nil) or false (err its refusal), or failed.
func (g *Game) canPlace(k, h int, how string) (done bool, err error) {
	v, msg, rule, err := g.Rules.Decide("can_place", interp.Unit(k), interp.Str(g.S.Map.ID(h)), interp.Str(how))
	switch {
	case err != nil:
		return true, err
	case v < 0:
		return true, &Refusal{Msg: msg, Rule: rule}
	}
	return v > 0, nil
}

// askPlace is the rules' can_place verdict on unit k entering hex h, the
// engine's entry rule where it answers nil or is absent.
func (g *Game) askPlace(k, h int, how string, major bool) error {
	if g.Rules.Has("can_place") {
		if done, err := g.canPlace(k, h, how); done {
			return err
		}
	}
	return g.entryHex(g.S.Units[k].Side, h, major)
}

// placeCandidates are the hexes worth trying for unit k's entry: the
// cities and the side's map edge, which the engine's rule allows; then,
// when the rules judge placement themselves (can_place) and may let the
// unit's kind enter anywhere (R.place_anywhere), every other land hex (a
// hex may come twice: callers skip repeats).
func (g *Game) placeCandidates(k int) []int {
	var hs []int
	g.eachPlaceCandidate(k, func(h int) bool { hs = append(hs, h); return true })
	return hs
}

// eachPlaceCandidate calls f on each of placeCandidates in turn, without
// making the list, until f returns false.
func (g *Game) eachPlaceCandidate(k int, f func(h int) bool) {
	m := g.S.Map
	for _, c := range m.Cities {
		if !f(c.Hex) {
			return
		}
	}
	u := &g.S.Units[k]
	for _, h := range m.Edge[u.Side] {
		if !f(h) {
			return
		}
	}
	if pa := g.Rules.PlaceAnywhere; g.Rules.Has("can_place") && (pa == nil || pa[u.Kind]) {
		for h := range m.Len() {
			if m.OnMap[h] && !m.Terrain[h].Water() && !f(h) {
				return
			}
		}
	}
}

// PlaceHexes lists where waiting unit k may be placed now, in the order
// of the documented default: the side's friendly cities in map order,
// then its map edge from north to south (then, under rules that judge
// placement themselves, every other hex in map order).
func (g *Game) PlaceHexes(k int) []int { return g.placeHexes(k, 0) }

// EntryHexes lists where unit k may enter now (how: "place" for a
// waiting reinforcement, as PlaceHexes; "rebuild" for an eliminated unit
// brought back, the hexes of the rebuild listing): the hexes CanPlace
// allows, found with place_limits asked once and can_place only where its
// check says. err is a refusal when play is not under way or the unit
// does not wait, or the first failure of the rules module met.
func (g *Game) EntryHexes(k int, how string) (hs []int, err error) {
	if err := g.ready(); err != nil {
		return nil, err
	}
	if how != "rebuild" && !g.awaiting[k] {
		return nil, g.refuse("place", "%s is not a reinforcement waiting to be placed", g.S.Units[k].ID)
	}
	err = g.failures(func() { hs = g.placeList(k, 0, how, how == "rebuild") })
	return hs, err
}

// placeHexes is PlaceHexes, stopping after max hexes (0: all of them).
func (g *Game) placeHexes(k, max int) []int {
	return g.placeList(k, max, "place", false)
}

// placeList lists where unit k may enter (how: place or rebuild; major:
// rebuilt units' cities), stopping after max hexes (0: all of them):
// place_limits is asked once, can_place only where its check says.
func (g *Game) placeList(k, max int, how string, major bool) []int {
	pl, err := g.placeLimitsOf(k, how)
	if !g.allowed(err) {
		return nil
	}
	var out []int
	seen := core.NewBitset(g.S.Map.Len())
	g.eachPlaceCandidate(k, func(h int) bool {
		if !seen.Has(h) && g.placeOK(k, h, how, major, pl) {
			out = append(out, h)
			if len(out) == max {
				return false
			}
		}
		seen.Set(h)
		return true
	})
	return out
}

// Waiting lists side's reinforcements waiting to be placed.
func (g *Game) Waiting(side core.Side) []int {
	var out []int
	for k, w := range g.awaiting {
		if w && g.S.Units[k].Side == side {
			out = append(out, k)
		}
	}
	return out
}

// placeAuto places each waiting reinforcement of the phasing side by the
// documented default (place auto): in scenario order, on the first hex
// that takes it (PlaceHexes). One with nowhere to go waits.
func (g *Game) placeAuto() error {
	p := g.Phase()
	if p.Kind != interp.PhaseReinforcement {
		return g.refuse("phase", "place: it is the %s phase, not a reinforcement phase", p.ID)
	}
	for _, k := range g.Waiting(p.Side) {
		if hs := g.placeHexes(k, 1); len(hs) > 0 {
			c := Command{Verb: VerbPlace, Unit: k, Hex: hs[0]}
			if err := g.cmdPlace(&c); err != nil {
				return err
			}
		}
	}
	return nil
}

// placeable returns a reinforcement of side that waits and has a hex to
// enter, or -1. One with nowhere to go does not hold up replacements.
// Under rules that judge placement themselves (can_place) each unit is
// asked by its own rule: an ADC2 leader enters only in its capital.
func (g *Game) placeable(side core.Side) int {
	m := g.S.Map
	open := false
	for _, c := range m.Cities {
		open = open || g.entryHex(side, c.Hex, false) == nil
	}
	for _, h := range m.Edge[side] {
		open = open || g.entryHex(side, h, false) == nil
	}
	if !open {
		return -1
	}
	own := g.Rules.Has("can_place")
	for k := range g.S.Units {
		if g.awaiting[k] && g.S.Units[k].Side == side && (!own || len(g.placeHexes(k, 1)) > 0) {
			return k
		}
	}
	return -1
}

func (g *Game) cmdPlace(c *Command) error {
	k, h := c.Unit, c.Hex
	if err := g.ownPhase(k, interp.PhaseReinforcement, "place"); err != nil {
		return err
	}
	u := &g.S.Units[k]
	if !g.awaiting[k] {
		return g.refuse("place", "%s is not a reinforcement waiting to be placed (it is %s)", u.ID, u.Status)
	}
	if err := g.placeHex(k, h, "place", false); err != nil {
		return err
	}
	if err := g.S.Place(k, h); err != nil {
		return g.refuse("place", "%v", err)
	}
	g.awaiting[k] = false
	g.emit(EventPlace, fmt.Sprintf("%s placed in %s at strength %d", u.ID, g.S.Map.ID(h), u.AttackNow()),
		Field{"unit", u.ID}, Field{"hex", g.S.Map.ID(h)}, Field{"strength", u.AttackNow()})
	return nil
}

func (g *Game) cmdRebuild(c *Command) error {
	k := c.Unit
	if err := g.checkRebuild(k, c.Hex); err != nil {
		return err
	}
	s := g.S
	u := &s.Units[k]
	cost, _ := g.rebuildCost(k)
	if u.Status == core.OnMap {
		u.Reduced = false
	} else {
		u.Reduced = u.HasHalf()
		if err := s.Place(k, c.Hex); err != nil {
			return g.refuse("rebuild", "%v", err)
		}
	}
	g.points[u.Side] -= cost
	g.emit(EventRebuild, fmt.Sprintf("%s rebuilt to strength %d for %d point(s); %d left", u.ID, u.AttackNow(), cost, g.points[u.Side]),
		Field{"unit", u.ID}, Field{"hex", s.Map.ID(u.Hex)}, Field{"strength", u.AttackNow()}, Field{"points", cost})
	return nil
}

// rebuildCost is what one step of unit k costs (the rules' rebuild_cost).
func (g *Game) rebuildCost(k int) (int, error) {
	cost, err := g.Rules.Int("rebuild_cost", 1, interp.Unit(k))
	if err == nil && cost < 0 {
		err = fmt.Errorf("%s: rebuild_cost returned %d", g.Rules.Module.Module, cost)
	}
	return cost, err
}

// checkRebuild checks a rebuild of unit k (in hex h for an eliminated
// unit, -1 for one on the map), changing nothing: the validator of the
// rebuild command and of the legal actions.
func (g *Game) checkRebuild(k, h int) error {
	if err := g.canRebuild(k); err != nil {
		return err
	}
	s := g.S
	u := &s.Units[k]
	switch {
	case u.Status == core.OnMap:
		if h >= 0 {
			return g.refuse("rebuild", "%s is on the map: rebuild it where it stands, without a hex", u.ID)
		}
		if !u.Reduced {
			return g.refuse("rebuild", "%s is already at full strength", u.ID)
		}
		c, isCity := s.Map.City(u.Hex)
		if !g.inSupply(k) && !(isCity && c.Capital == u.Side) {
			return g.refuse("rebuild", "%s is out of supply and not in its capital", u.ID)
		}
	case u.Status == core.Eliminated:
		if h < 0 {
			return g.refuse("rebuild", "%s is eliminated: name the hex it returns in (rebuild UNIT HEX)", u.ID)
		}
		return g.placeHex(k, h, "rebuild", true)
	default:
		return g.refuse("rebuild", "%s is %s: only half-strength units on the map and eliminated units can be rebuilt", u.ID, u.Status)
	}
	return nil
}

// canRebuild checks what a rebuild of unit k needs whatever the hex: the
// phase, reinforcements placed first, the rules' can_rebuild, the points.
func (g *Game) canRebuild(k int) error {
	if err := g.ownPhase(k, interp.PhaseReinforcement, "rebuild"); err != nil {
		return err
	}
	s := g.S
	u := &s.Units[k]
	if j := g.placeable(u.Side); j >= 0 {
		return g.refuse("rebuild", "place the reinforcements first (%s waits): reinforcements are placed before replacements are taken", s.Units[j].ID)
	}
	// can_rebuild(u) answers yes or no, and may say why and cite the rule.
	ok, msg, rule, err := g.Rules.Check("can_rebuild", interp.Unit(k))
	if err != nil {
		return err
	}
	if !ok && msg != "" {
		return &Refusal{Msg: msg, Rule: rule}
	}
	if !ok {
		return g.refuse("rebuild", "%s units (%s) may not be rebuilt by the %s player", u.Nation, u.ID, u.Side)
	}
	cost, err := g.rebuildCost(k)
	if err != nil {
		return err
	}
	if g.points[u.Side] < cost {
		return g.refuse("points", "%s needs %d replacement point(s); the %s player has %d left this phase", u.ID, cost, u.Side, g.points[u.Side])
	}
	return nil
}
