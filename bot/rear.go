package bot

// rear.go: the steps of a movement phase that keep the side's own
// objectives (capitals and victory cities, its own and those it has
// taken) from falling to an enemy unit that slips through: before the
// plan moves the rest, a threatened objective keeps the units it needs
// (hold-the-city) and an empty or thin one gets a garrison from the
// units that can reach it, the ones farthest from the fighting first
// (rear-security).

import (
	"cmp"
	"math"
	"slices"
	"sort"

	"gpw/core"
)

// rearShare bounds the share of the side's units the rear-security step
// sends in a phase (at least one).
const rearShare = 6

// garrisonWant is the defence a threatened objective of the side wants:
// the doctrine's share (a third) of the enemy strength that can enter or
// attack it next turn (so the enemy must bring its good odds to take
// it), at least one unit's worth.
func garrisonWant(v *view, h int) float64 {
	return math.Max(1, enemyAt(v, h)*v.doc.Garrison)
}

// enemyAt is the enemy strength that can enter hex h next turn, or, where
// the side's units stand, that can attack it.
func enemyAt(v *view, h int) float64 {
	return math.Max(float64(v.reach[h]), float64(v.threat[h]))
}

// threatenedObjectives lists the side's objectives (capitals, victory
// cities, fortresses) the enemy can enter or attack in its next player
// turn, most valuable first.
func threatenedObjectives(v *view) []int {
	var out []int
	for _, c := range v.m.Cities {
		h := c.Hex
		if (v.key.Has(h) || c.Kind == core.Fortress) && v.s.Control[h] == v.side && enemyAt(v, h) > 0 && !slices.Contains(out, h) {
			out = append(out, h)
		}
	}
	slices.Sort(out) // map order, as before

	sort.SliceStable(out, func(i, j int) bool { return v.value[out[i]] > v.value[out[j]] })
	return out
}

// secureRear runs the two steps in the side's movement phase and
// answers the units that must stay where they are (hold-the-city) and
// whether it moved any (the view is then stale).
func (b *Bot) secureRear(v *view) (held map[int]bool, moved bool) {
	e := b.e
	held = map[int]bool{}
	budget := max(1, len(v.own)/rearShare)
	for _, h := range threatenedObjectives(v) {
		want := garrisonWant(v, h)
		var def float64
		if b.uses("hold-the-city") {
			// the units standing in it, strongest first, stay until the
			// want is met
			var here []int
			for _, k := range v.own {
				if v.s.Units[k].Hex == h {
					here = append(here, k)
				}
			}
			def = b.holdStrongest(v, here, def, want, held, "hold-the-city")
		}
		b.holdRing(v, h, def, held)
		if !b.uses("rear-security") {
			continue
		}
		for def < want && budget > 0 {
			k, path := b.garrisonFor(v, h, held)
			if k < 0 {
				break
			}
			if e.move(k, path) != nil {
				break
			}
			moved = true
			held[k] = true
			budget--
			def += float64(v.s.Units[k].DefenseNow())
			b.Tactics["rear-security"]++
		}
	}
	return held, moved
}

// garrisonFor picks the unit to send into objective h: among the combat
// units that can end their move there, the one whose leaving costs the
// front least (farthest from the enemy, then weakest); -1 when none can.
func (b *Bot) garrisonFor(v *view, h int, held map[int]bool) (int, []int) {
	e := b.e
	// the cheapest first: the first that can end there is the one (each
	// asked of the engine's legal destinations, a listing a unit)
	var ks []int
	for _, k := range v.own {
		u := &v.s.Units[k]
		if !held[k] && u.Hex != h && u.DefenseNow() > 0 {
			ks = append(ks, k)
		}
	}
	slices.SortStableFunc(ks, func(a, c int) int { return cmp.Compare(garrisonCost(v, a), garrisonCost(v, c)) })
	for _, k := range ks {
		if path := e.destPath(k, h); path != nil {
			return k, path
		}
	}
	return -1, nil
}

// railRear is rear-security in a rail phase: each threatened objective
// still short of its want gets, while the budget lasts, the unit that
// can rail into it whose leaving costs the front least. It reports
// whether it moved any (the view is then stale).
func (b *Bot) railRear(v *view) bool {
	e := b.e
	if !b.uses("rear-security") {
		return false
	}
	moved := false
	budget := max(1, len(v.own)/rearShare)
	sent := map[int]bool{}
	for _, h := range threatenedObjectives(v) {
		want := garrisonWant(v, h)
		var def float64
		for _, k := range v.own {
			if v.s.Units[k].Hex == h {
				def += float64(v.s.Units[k].DefenseNow())
			}
		}
		for def < want && budget > 0 {
			best, bestCost := -1, math.Inf(1)
			for _, k := range v.own {
				u := &v.s.Units[k]
				if sent[k] || u.Hex == h || u.DefenseNow() == 0 || !e.canRail(k) {
					continue
				}
				r := e.railDests(k)
				if !slices.Contains(r.Dests, h) || !e.pathOK(k, r.Path(h), "rail") {
					continue
				}
				if c := garrisonCost(v, k); c < bestCost {
					best, bestCost = k, c
				}
			}
			if best < 0 || e.rail(best, h) != nil {
				break
			}
			sent[best], moved = true, true
			budget--
			def += float64(v.s.Units[best].DefenseNow())
			b.Tactics["rear-security"]++
		}
	}
	return moved
}

// garrisonCost is what sending unit k to garrison a city costs the
// front: a unit in the line (next to the enemy) is dear, the weaker and
// the farther from the enemy the cheaper.
func garrisonCost(v *view, k int) float64 {
	u := &v.s.Units[k]
	cost := worth(u) - 0.5*float64(min(v.foeDist[u.Hex], 12))
	if v.foeDist[u.Hex] <= 1 {
		cost += 100
	}
	return cost
}

// holdStrongest holds units ks, strongest in defence first, until def
// and theirs reach want (those that may move are held, counted under
// tactic), and answers def with theirs.
func (b *Bot) holdStrongest(v *view, ks []int, def, want float64, held map[int]bool, tactic string) float64 {
	sort.SliceStable(ks, func(i, j int) bool {
		return v.s.Units[ks[i]].DefenseNow() > v.s.Units[ks[j]].DefenseNow()
	})
	for _, k := range ks {
		if def >= want {
			break
		}
		def += float64(v.s.Units[k].DefenseNow())
		if b.e.canMove(k) {
			held[k] = true
			b.Tactics[tactic]++
		}
	}
	return def
}

// holdRing is hold-the-ring: where one unit may stand in a hex, a city
// is held by the ring around it as much as by its garrison (each friendly
// unit next to it is a hex the enemy cannot attack from). The units next
// to threatened objective h and not in contact with the enemy (those are
// the line's, scored as it is), strongest first, stay where they are
// until the city's defence (def) and theirs reach twice the garrison's
// want.
func (b *Bot) holdRing(v *view, h int, def float64, held map[int]bool) {
	if !b.uses("hold-the-ring") {
		return
	}
	want := 2 * garrisonWant(v, h)
	var ring []int
	for _, nb := range v.m.Nbr[h] {
		if nb < 0 {
			continue
		}
		if k := v.s.Occupant(int(nb)); k >= 0 && v.s.Units[k].Side == v.side && combatUnit(&v.s.Units[k]) && !held[k] && v.foeDist[nb] > 1 {
			ring = append(ring, k)
		}
	}
	b.holdStrongest(v, ring, def, want, held, "hold-the-ring")
}
