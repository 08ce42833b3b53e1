package bot

import (
	"math"
	"slices"

	"gpw/core"
)

// toFront is a bonus for hexes from which a unit joins the fighting
// soon: about three hexes from the enemy, more on the line.
func (p *plan) toFront() []float32 {
	v := p.v
	out := make([]float32, v.m.Len())
	for h := range out {
		if d := v.foeDist[h]; d < math.MaxInt16 {
			out[h] = float32(4 * pow085(math.Abs(float64(d)-3)))
		}
		if p.line != nil && p.line[h] > 0 {
			out[h] += 1
		}
	}
	return out
}

// pow085 is math.Pow(0.85, x), from a table for the small whole x.
func pow085(x float64) float64 {
	if i := int(x); float64(i) == x && i >= 0 && i < len(pow085s) {
		return pow085s[i]
	}
	return math.Pow(0.85, x)
}

var pow085s = func() (t [64]float64) {
	for i := range t {
		t[i] = math.Pow(0.85, float64(i))
	}
	return t
}()

// add gives the plan unit k with its best n of the hexes that pass ok,
// scored as a move plus the bonus; stay says whether staying put is one
// of its choices. A unit with no hex is left out.
func (p *plan) add(k int, hexes []int, bonus []float32, n int, stay bool, ok func(h int) bool) {
	var cs []cand
	for _, h := range hexes {
		if ok(h) {
			cs = append(cs, cand{h: int32(h), static: p.staticScore(k, h, nil) + bonus[h]})
		}
	}
	if len(cs) == 0 {
		return
	}
	sortCands(cs) // rings.go: stable, as sort.SliceStable was
	if len(cs) > n {
		cs = cs[:n]
	}
	p.units = append(p.units, k)
	p.cands = append(p.cands, cs)
	p.stay = append(p.stay, stay)
}

// setup places the side's setup units in their areas by the same scores
// as a move (the line, the strength massed against the enemy, terrain,
// danger), without noise, then ends the side's setup.
func (b *Bot) setup() error {
	e := b.e
	// by the plain scores at every level: noise could fill one area's
	// hexes that an overlapping area's units need
	noise := b.Level.Noise
	b.Level.Noise = 0
	defer func() { b.Level.Noise = noise }()
	v := b.newView(e, b.Side)
	if len(v.enemy) == 0 {
		// the enemy is not on the map yet: its territory stands for it
		v.foeDist = b.controlDistance(v)
		for h := range v.threat {
			if d := v.foeDist[h]; d <= 12 {
				v.reach[h] = 12
				if d <= 4 {
					v.threat[h] = 12
				}
			}
		}
		v.objectives()
		v.sectors()
	}
	p := newPlan(b, v)
	p.next = true
	front := p.toFront()
	s := v.s
	var leaders []int
	for k := range s.Units {
		u := &s.Units[k]
		area := e.setupArea(k)
		if u.Side != b.Side || area == nil {
			continue
		}
		if !u.Stacks {
			leaders = append(leaders, k)
			continue
		}
		var hexes []int
		area.Each(func(h int) { hexes = append(hexes, h) })
		p.add(k, hexes, front, len(hexes), false, func(h int) bool { return s.Placeable(k, h) })
	}
	p.exec = func(i, h int) bool {
		k := p.units[i]
		return s.Placeable(k, h) && b.leavesRoom(k, h) && e.place(k, h) == nil
	}
	p.credit = func(i, h int) string { return "setup" }
	p.run()
	// leaders and other units that do not stack: with the strongest
	// combat unit in their area
	for _, k := range leaders {
		area := e.setupArea(k)
		best, bestA := -1, -1
		area.Each(func(h int) {
			o := s.Occupant(h)
			a := 0
			if o >= 0 {
				a = s.Units[o].AttackNow()
			}
			if o >= 0 && s.Units[o].Side != b.Side {
				return
			}
			if a > bestA && s.Placeable(k, h) {
				best, bestA = h, a
			}
		})
		if best >= 0 {
			_ = e.place(k, best)
		}
	}
	// anything left (an area too small for the plan's choices): the
	// engine's own rule
	for k := range s.Units {
		if s.Units[k].Side == b.Side && e.setupArea(k) != nil && s.Units[k].Status != core.OnMap {
			b.say("setup-auto", "left %s and others to the engine's automatic setup", s.Units[k].ID)
			if err := e.placeAuto(); err != nil {
				return err
			}
			break
		}
	}
	return e.end()
}

// leavesRoom reports whether placing unit k in hex h leaves every other
// setup area that holds h enough free hexes for its units still to
// place (areas may overlap).
func (b *Bot) leavesRoom(k, h int) bool {
	e := b.e
	s := e.s
	sc := e.g.Sc
	own := sc.Units[k].Setup
	for t := range sc.Setup {
		if t+1 == own || sc.Setup[t].Area == nil || !sc.Setup[t].Area.Has(h) {
			continue
		}
		left := 0
		for j := range s.Units {
			if sc.Units[j].Setup == t+1 && s.Units[j].Status != core.OnMap && s.Units[j].Stacks && s.Units[j].Side == b.Side {
				left++
			}
		}
		if left == 0 {
			continue
		}
		free := 0
		sc.Setup[t].Area.Each(func(x int) {
			if s.Occupant(x) < 0 {
				free++
			}
		})
		if free-1 < left {
			return false
		}
	}
	return true
}

// controlDistance is each hex's distance to the nearest land hex the
// enemy controls: the front before any enemy unit is on the map.
func (b *Bot) controlDistance(v *view) []int16 {
	var src []int
	for h, c := range v.s.Control {
		if c == v.foe && v.m.OnMap[h] && !v.m.Terrain[h].Water() {
			src = append(src, h)
		}
	}
	return v.distanceFrom(src)
}

// reinforce places the waiting reinforcements where the front needs
// them, spends the replacement points, and ends the phase.
func (b *Bot) reinforce() error {
	e := b.e
	clear(b.costs)
	v := b.newView(e, b.Side)
	if b.railRear(v) { // rear.go
		v = b.newView(e, b.Side)
	}
	s := v.s
	p := newPlan(b, v)
	p.next = true
	front := p.toFront()
	thin := p.thin(front) // front.go: where the line is thin
	entries := b.entryHexes(v)
	for _, k := range e.awaiting() {
		if s.Units[k].Side != b.Side {
			continue
		}
		// the engine's own list: a unit the rules send to one hex (an
		// ADC2 leader to its capital) finds it among its best choices
		p.add(k, e.placeHexes(k), thin, 24, false, func(h int) bool { return s.Placeable(k, h) })
	}
	p.exec = func(i, h int) bool {
		k := p.units[i]
		return e.entryOK(k, h, "place") && e.place(k, h) == nil
	}
	p.credit = func(i, h int) string { return "reinforce-the-front" }
	p.run()
	if b.uses("rebuild") && !b.placeableLeft(v) {
		b.rebuild(v, p, front, entries)
	}
	return b.endPhase()
}

// entryHexes are the hexes where the side's units may enter by the
// engine's entry rule: its cities and its map edge (the rules' hooks are
// asked only for the hex chosen).
func (b *Bot) entryHexes(v *view) []int {
	m := v.m
	var out []int
	seen := make(map[int]bool)
	for _, c := range m.Cities {
		if v.s.Control[c.Hex] == v.side && !seen[c.Hex] {
			seen[c.Hex] = true
			out = append(out, c.Hex)
		}
	}
	for _, h := range m.Edge[v.side] {
		if !seen[h] && !v.s.EnemyZOC(v.side, h) {
			seen[h] = true
			out = append(out, h)
		}
	}
	return out
}

// placeableLeft reports whether a reinforcement still waits with a hex
// the engine would place it in, which bars rebuilding (GDW:
// Reinforcements and Replacements: reinforcements first).
func (b *Bot) placeableLeft(v *view) bool {
	for _, k := range b.e.awaiting() {
		if v.s.Units[k].Side == v.side && len(b.e.placeHexes(k)) > 0 {
			return true
		}
	}
	return false
}

// rebuild spends the replacement points, most strength per point first:
// a reduced unit in supply back to full, an eliminated unit back on the
// map at half strength in a major city in supply.
func (b *Bot) rebuild(v *view, p *plan, front []float32, entries []int) {
	e := b.e
	s, m := v.s, v.m
	for round := 0; round < 40; round++ {
		pts := e.g.Status().Points
		if pts <= 0 {
			return
		}
		type choice struct {
			k, h  int
			value float64
		}
		var best *choice
		for k := range s.Units {
			u := &s.Units[k]
			if u.Side != v.side || !u.Stacks {
				continue
			}
			var c *choice
			switch {
			case u.Status == core.OnMap && u.Reduced && u.HasHalf():
				cap, isCity := m.City(u.Hex)
				if !e.g.Supplied(k) && !(isCity && cap.Capital == v.side) {
					continue
				}
				c = &choice{k, -1, float64(u.Attack[0]-u.Attack[1]+u.Defense[0]-u.Defense[1]) / 2}
				if v.foeDist[u.Hex] <= 3 {
					c.value *= 1.3
				}
				if x := v.value[u.Hex]; v.key.Has(u.Hex) && v.danger(u.Hex) > 0 {
					c.value *= 1 + float64(x)/10 // the garrison of an objective first
				}
			case u.Status == core.Eliminated:
				c = &choice{k, -1, float64(u.Attack[1]+u.Defense[1]) / 2}
				if !u.HasHalf() {
					c.value = worth(u)
				}
			default:
				continue
			}
			cost, ok := b.costs[k]
			if !ok {
				if c, legal := e.rebuildCost(k); legal {
					cost = c
				} else {
					cost = -1
				}
				b.costs[k] = cost
			}
			if cost > pts || cost <= 0 {
				continue
			}
			c.value /= float64(cost)
			if best == nil || c.value > best.value {
				if u.Status == core.Eliminated {
					h := b.rebuildHex(v, p, k, front, entries)
					if h < 0 {
						continue
					}
					c.h = h
				}
				best = c
			}
		}
		if best == nil {
			return
		}
		if err := e.rebuild(best.k, best.h); err != nil {
			return
		}
		b.Tactics["rebuild"]++
	}
}

// rebuildHex is the best hex for eliminated unit k to return in, -1
// when none will take it.
func (b *Bot) rebuildHex(v *view, p *plan, k int, front []float32, entries []int) int {
	best, bestScore := -1, math.Inf(-1)
	for _, h := range entries {
		if _, ok := v.m.City(h); !ok || !v.s.Placeable(k, h) {
			continue
		}
		sc := float64(p.staticScore(k, h, nil) + front[h])
		if sc > bestScore && b.e.entryOK(k, h, "rebuild") {
			best, bestScore = h, sc
		}
	}
	return best
}

// rail moves units far from the fighting toward the front by rail, then
// ends the phase.
func (b *Bot) rail() error {
	e := b.e
	if !b.uses("rail-to-front") {
		return b.endPhase()
	}
	v := b.newView(e, b.Side)
	if b.railRear(v) { // rear.go
		v = b.newView(e, b.Side)
	}
	s := v.s
	p := newPlan(b, v)
	p.next = true
	front := p.toFront()
	thin := p.thin(front) // front.go: where the line is thin
	for _, k := range v.own {
		u := &s.Units[k]
		if v.foeDist[u.Hex] < 4 || !e.canRail(k) {
			continue
		}
		// only toward the front: at least three hexes nearer the enemy
		here := v.foeDist[u.Hex]
		p.add(k, e.railDests(k).Dests, thin, 16, true, func(h int) bool { d := v.foeDist[h]; return d >= 2 && d+3 <= here })
	}
	// staying where it is counts its distance from the front too
	p.exec = func(i, h int) bool {
		k := p.units[i]
		if !e.canRail(k) {
			return false
		}
		r := e.railDests(k)
		if !slices.Contains(r.Dests, h) {
			return false
		}
		return e.pathOK(k, r.Path(h), "rail") && e.rail(k, h) == nil
	}
	p.credit = func(i, h int) string { return p.railCredit(h) }
	p.stayBonus = front
	p.run()
	return b.endPhase()
}
