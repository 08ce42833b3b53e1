package bot

import (
	"math"

	"gpw/core"
)

// supportRange is how far, in hexes, a unit may end from every other
// friendly unit where the enemy can attack it before keep-support counts
// against the hex.
const supportRange = 4

// keepSupport: a spearhead that ends far ahead of every other friendly
// unit, where the enemy can attack it, dies alone; the farther past
// supportRange and the stronger the enemy there against the unit, the
// more of its worth the hex costs. The nearest friendly unit is read
// from the view's distance field; where that unit may be the mover
// itself, the distance it moves stands in (the others are at least that
// far).
func keepSupport(p *plan, k, h int, path []int) float64 {
	v := p.v
	if v.threat[h] <= 0 {
		return 0
	}
	u := &v.s.Units[k]
	if u.Status != core.OnMap {
		return 0 // a placement: where it enters is the line's business
	}
	sd := supportDist(v, k, h)
	if sd <= supportRange {
		return 0
	}
	over := math.Min(1, float64(sd-supportRange)/6)
	odds := math.Min(1, float64(v.threat[h])/math.Max(1, 2*float64(u.DefenseNow())))
	return -worth(u) * 0.6 * over * odds
}

// supportDist is how far hex h lies from the nearest other friendly
// unit, as keepSupport reads it: the view's distance field, or the
// distance unit k moves where that is less (the unit itself may be the
// nearest; the others are at least that far).
func supportDist(v *view, k, h int) int {
	sd := int(v.ownDist[h])
	if d := v.b.hexDist(v.m, v.s.Units[k].Hex, h); sd >= d {
		sd = d
	}
	return sd
}
