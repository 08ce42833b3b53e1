package bot

// axes.go: the attacking side's axes of advance (the army groups of an
// operational plan). Once a player turn the side's combat units are
// shared out among the enemy-held objectives (the victory cities and
// capitals of the scenario): each objective gets a share of the side's
// attack strength by its value and distance, and takes the units that
// stand most on its side of the front (nearest to it compared with the
// side as a whole), a unit keeping the objective it drove at last turn
// when it can. A unit then scores the hexes that bring it nearer the
// objective on its road (phase lines) and so its own, by road distance
// (axis-of-advance), however far the objective lies: a group keeps
// pursuing Leningrad or Kiev after the cities in front of it fall,
// rather than drifting toward the nearest fight, and its spearheads stay
// within support. Enemy units cut off from supply are attacked by the
// units following the spearheads (mop-up). Nothing here knows a
// scenario: the objectives, values and distances come from the
// scenario's victory conditions and the map.

import (
	"math"
	"sort"

	"gpw/core"
)

const (
	// axisKeep is how many hexes nearer an objective a unit counts the
	// one it drove at last turn (groups keep their objectives).
	axisKeep = 4
	// axisNear: an objective's want of strength is its value times
	// axisNear / (axisNear + its mean distance from the side's units),
	// so the objectives in front of the side come first.
	axisNear = 20
	// axisHold is the share of the drive a holding sector keeps when the
	// side is on the offensive (most of its strength in attacking
	// sectors).
	axisHold = 0.5
)

// axes is the side's allocation of units to objectives for one player
// turn.
type axes struct {
	key     int       // the turn index it was made for (+1: 0 is none)
	target  []int32   // per unit index: the objective hex, -1 none
	step    []int32   // per unit index: the objective on the way to it
	dist    [][]int16 // per objective: hexes to it over land
	targets []int     // the objective hexes, in the order of dist
	index   map[int]int
	// offensive: most of the side's attack strength stands in attacking
	// sectors
	offensive bool
}

// axisTargets are the objectives an attacker drives at: the enemy-held
// victory cities and capitals on the map, most valuable first (then by
// hex, for a fixed order).
func axisTargets(v *view) []int {
	var out []int
	for h := 0; h < v.m.Len(); h++ {
		if v.key.Has(h) && v.m.OnMap[h] && v.s.Control[h] != v.side && v.value[h] > 0 {
			out = append(out, h)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return v.value[out[i]] > v.value[out[j]] })
	return out
}

// axesFor is the side's allocation for this player turn, made at its
// first call in the turn.
func (b *Bot) axesFor(v *view) *axes {
	turn := v.turn + 1
	if b.ax != nil && b.ax.key == turn {
		return b.ax
	}
	prev := b.ax
	a := &axes{key: turn, target: make([]int32, len(v.s.Units)), index: map[int]int{}}
	for i := range a.target {
		a.target[i] = -1
	}
	a.targets = axisTargets(v)
	for i, o := range a.targets {
		a.dist = append(a.dist, v.distanceFrom([]int{o}))
		a.index[o] = i
	}
	b.ax = a
	var on, all float64
	for _, k := range v.own {
		x := float64(v.s.Units[k].AttackNow())
		all += x
		if v.postureAt(v.s.Units[k].Hex) == attack {
			on += x
		}
	}
	a.offensive = all > 0 && on >= all/2
	allocate(v, a, prev)
	return a
}

// allocate shares the side's combat units out among the objectives (see
// the file comment): each objective wants the share of the side's attack
// strength its value, discounted by its distance (axisNear), bears among
// all the objectives; the (unit,
// objective) pairs are taken in order of how much nearer the unit is to
// the objective than the side's units are on average, and a unit joins
// the first objective of its pairs still short of its want.
func allocate(v *view, a *axes, prev *axes) {
	if len(a.targets) == 0 {
		return
	}
	var units []int
	var total float64
	for _, k := range v.own {
		u := &v.s.Units[k]
		if u.MP > 0 && u.AttackNow() > 0 {
			units = append(units, k)
			total += float64(u.AttackNow())
		}
	}
	if len(units) == 0 {
		return
	}
	want := make([]float64, len(a.targets))
	mean := make([]float64, len(a.targets))
	for i, o := range a.targets {
		want[i] = float64(v.value[o])
		n := 0
		for _, k := range units {
			if d := a.dist[i][v.s.Units[k].Hex]; d != math.MaxInt16 {
				mean[i] += float64(d)
				n++
			}
		}
		if n > 0 {
			mean[i] /= float64(n)
		}
		want[i] *= axisNear / (axisNear + mean[i])
	}
	var sumWant float64
	for _, w := range want {
		sumWant += w
	}
	for i := range want {
		want[i] *= total / sumWant
	}
	type pair struct {
		k, i int
		cost float64
	}
	var pairs []pair
	for _, k := range units {
		for i, o := range a.targets {
			d := a.dist[i][v.s.Units[k].Hex]
			if d == math.MaxInt16 {
				continue
			}
			c := float64(d) - mean[i]
			if prev != nil && k < len(prev.target) && int(prev.target[k]) == o {
				c -= axisKeep
			}
			pairs = append(pairs, pair{k, i, c})
		}
	}
	sort.SliceStable(pairs, func(x, y int) bool {
		if pairs[x].cost != pairs[y].cost {
			return pairs[x].cost < pairs[y].cost
		}
		if pairs[x].k != pairs[y].k {
			return pairs[x].k < pairs[y].k
		}
		return pairs[x].i < pairs[y].i
	})
	have := make([]float64, len(a.targets))
	for _, p := range pairs {
		if a.target[p.k] >= 0 || have[p.i] >= want[p.i] {
			continue
		}
		a.target[p.k] = int32(a.targets[p.i])
		have[p.i] += float64(v.s.Units[p.k].AttackNow())
	}
	// the objectives on the way come first (phase lines): a unit drives
	// at the nearest enemy-held objective that lies on its road to its
	// own, within axisSlack hexes of the straight way
	a.step = append([]int32(nil), a.target...)
	for _, k := range units {
		o := int(a.target[k])
		if o < 0 {
			continue
		}
		h := v.s.Units[k].Hex
		do := a.dist[a.index[o]]
		best := -1
		for j, x := range a.targets {
			if x == o {
				continue
			}
			dx := a.dist[j]
			if dx[h] >= do[h] || int(dx[h])+int(do[x]) > int(do[h])+axisSlack {
				continue
			}
			if best < 0 || dx[h] < a.dist[best][h] {
				best = j
			}
		}
		if best >= 0 {
			a.step[k] = int32(a.targets[best])
		}
	}
}

// axisSlack is how many hexes longer the road through an objective on
// the way may be than the direct one.
const axisSlack = 2

// axisWeight is what a hex nearer the unit's objective is worth, by the
// posture of the sector it ends in: an attacking sector drives on, a
// holding one at axisHold of it while the side is on the offensive (a
// defender keeps its line).
func (v *view) axisWeight(h int) float64 {
	switch v.postureAt(h) {
	case attack:
		return v.doc.Axes
	case hold:
		if v.b.ax != nil && v.b.ax.offensive {
			return v.doc.Axes * axisHold
		}
	}
	return 0
}

// axisOfAdvance: the hexes the unit gains toward the objective of its
// axis (by road distance over land), in attacking sectors, and none for
// a hex beyond the support of the other units (supportRange: the
// spearheads stay within support).
func axisOfAdvance(p *plan, k, h int, path []int) float64 {
	v := p.v
	u := &v.s.Units[k]
	if u.Status != core.OnMap || v.doc.Axes == 0 {
		return 0
	}
	a := p.b.axesFor(v)
	if k >= len(a.target) || a.target[k] < 0 {
		return 0
	}
	d := a.dist[a.index[int(a.step[k])]]
	from, to := d[u.Hex], d[h]
	if from == math.MaxInt16 || to == math.MaxInt16 {
		return 0
	}
	if supportDist(v, k, h) > supportRange {
		return 0 // no drive past the support of the other units
	}
	return float64(from-to) * v.axisWeight(h)
}

// cutOff reports whether enemy unit e is cut off from its supply (a
// pocket to mop up).
func (v *view) cutOff(e int) bool {
	u := &v.s.Units[e]
	return u.Side == v.foe && u.Status == core.OnMap && !v.foeSup.Has(u.Hex)
}

// spearhead reports whether unit k is one of the side's fast units (more
// movement points than the side's combat units have on average): those
// drive on along their axes and leave the pockets to the others.
func (p *plan) spearhead(k int) bool {
	if p.meanMP == 0 {
		var sum float64
		for _, j := range p.v.own {
			sum += float64(p.v.s.Units[j].MP)
		}
		p.meanMP = math.Max(sum/math.Max(1, float64(len(p.v.own))), 1e-9)
	}
	return float64(p.v.s.Units[k].MP) > p.meanMP+1e-9
}

// mopUp: enemy units cut off behind the front are attacked by the units
// following the spearheads: the share of the good odds against each cut
// off unit next to h that the unit's attack adds, times that unit's
// worth and the doctrine's MopUp (a third of it for a spearhead).
func mopUp(p *plan, k, h int) float64 {
	v := p.v
	s := v.s
	u := &s.Units[k]
	if v.doc.MopUp == 0 || u.AttackNow() == 0 || (!p.pre && !p.next) {
		return 0
	}
	w := v.doc.MopUp
	if p.spearhead(k) {
		w /= 3
	}
	a := float64(u.AttackNow())
	if !v.supOK.Has(h) {
		a /= 2
	}
	var sc float64
	for _, nb := range v.m.Nbr[h] {
		if nb < 0 {
			continue
		}
		e := s.Occupant(int(nb))
		if e < 0 || !v.cutOff(e) {
			continue
		}
		need, have := float64(p.need[e]), float64(p.massed[e])
		if need <= 0 {
			continue
		}
		gain := (math.Min(have+a, need) - math.Min(have, need)) / need
		sc += w * gain * worth(&s.Units[e])
	}
	return sc
}

// axisShare is the share of the general advance (the pull of every
// objective, tactic advance) left to unit k ending in h: none for a unit
// of an axis of a side on the offensive beyond the support of the other
// units (supportRange), all of it otherwise. The spearheads stay within
// support: a lone panzer does not run on to an empty capital ten hexes
// ahead of its army.
func (p *plan) axisShare(k, h int) float64 {
	v := p.v
	if v.doc.Axes == 0 || v.s.Units[k].Status != core.OnMap {
		return 1
	}
	a := p.b.axesFor(v)
	if !a.offensive || k >= len(a.target) || a.target[k] < 0 || supportDist(v, k, h) <= supportRange {
		return 1
	}
	return 0
}
