package bot

// front.go: the operational layer of the defence. The view's sectors
// (strips across the front, seven hexes wide) are read as a whole: the
// enemy strength that can strike each next turn (threat), what each
// covers (value: cities, capitals, rail behind it, fading with depth),
// the friendly strength on its line (have) and the strength it should
// have (want: the side's strength shared in proportion to
// threat × value). A unit gains for moving onto the line of a sector
// short of its share and loses for leaving one (front-allocation), and
// each sector keeps reserves one to three hexes behind its line in
// proportion to its threat (reserve).

import (
	"math"

	"gpw/core"
)

// front is one side's reading of its front, sector by sector. Sectors
// are the view's (v.sector); only holding and withdrawing sectors are
// allocated (an attacking sector's units are the offensive's business).
type front struct {
	depth  []int16   // each sector's line, in hexes from the enemy (lineDepths)
	threat []float64 // enemy attack that can strike the sector next turn
	value  []float64 // what the sector covers
	want   []float64 // defence the sector's line should have
	have   []float64 // defence on the sector's line now
	// reserves wanted and standing behind each sector's line (units)
	resWant, resHave []int
	// need is, for each hex, the distance to the nearest line hex of a
	// sector short of its share (when the plan began), and needSec that
	// sector (-1: none within reach).
	need    []int16
	needSec []int8
	mult    []float32 // terrainMult by hex, filled as asked (0: not yet)
	// meanThreat is the mean threat of the holding and withdrawing
	// sectors that have some
	meanThreat float64
}

// pressure is how much sector s's threat stands above the front's mean
// (1 at the mean, from 0.5 to 2): a breach there is plugged first. A
// nil front answers 1.
func (f *front) pressure(s int) float64 {
	if f == nil || f.meanThreat == 0 {
		return 1
	}
	return math.Max(0.5, math.Min(2, 0.5+0.5*f.threat[s]/f.meanThreat))
}

// defence is unit u's defence standing in h, times the terrain's
// multiplier there: a fortress or a river line holds with less.
func (f *front) defence(v *view, u *core.Unit, h int) float64 {
	if f.mult[h] == 0 {
		f.mult[h] = float32(v.terrainMult(h))
	}
	return float64(u.DefenseNow()) * float64(f.mult[h])
}

// smoothDepths keeps the line continuous across the seams of the
// sectors: where two neighbouring holding or withdrawing sectors draw
// their lines more than a hex apart in depth, the shallower is drawn
// back to a hex in front of the deeper (a step between them would be a
// gap the enemy walks through).
func smoothDepths(v *view, depth []int16) {
	for changed := true; changed; {
		changed = false
		for s := 0; s+1 < len(depth); s++ {
			a, b := s, s+1
			if v.posture[a] == attack || v.posture[b] == attack {
				continue
			}
			if depth[a] > depth[b] {
				a, b = b, a
			}
			if depth[a] < depth[b]-1 {
				depth[a] = depth[b] - 1
				changed = true
			}
		}
	}
}

// lineBase is what a hex of a holding or withdrawing sector's line is
// worth to watch anywhere (lineHexes), before what it guards: enough that
// a stretch with nothing behind it is not left open while units crowd
// before a threatened city, or step back out of danger (a gap lets the
// enemy into the rear all the same). At 0.5 the Soviet line in
// Barbarossa was broken in 55% of games at the end of Sep/Oct 1941; at 2
// in 30% (gpw bots line, 100 seeds).
var lineBase float32 = 2

// frontSlack is how far past its share a sector's line must be before
// its units leave it for another's at no cost.
const frontSlack = 1.25

// frontNear is how much an enemy unit ownDist hexes from the side's
// units, with mp movement points, weighs in a sector's threat: fully if
// it can strike next turn, half if in two.
func frontNear(d int16, mp int) float64 {
	switch {
	case int(d) <= mp+3:
		return 1
	case int(d) <= 2*mp+6:
		return 0.5
	}
	return 0
}

// newFront reads the side's front for plan p.
func newFront(p *plan) *front {
	v := p.v
	n := len(v.posture)
	f := &front{
		depth:  p.lineDepths(),
		threat: make([]float64, n), value: make([]float64, n),
		want: make([]float64, n), have: make([]float64, n),
		resWant: make([]int, n), resHave: make([]int, n),
		mult: make([]float32, v.m.Len()),
	}
	for _, e := range v.enemy {
		u := &v.s.Units[e]
		a := float64(u.AttackNow())
		if !v.foeSup.Has(u.Hex) {
			a /= 2
		}
		f.threat[v.sector[u.Hex]] += a * frontNear(v.ownDist[u.Hex], u.MP)
	}
	for h, x := range v.value {
		if x <= 0 || v.s.Control[h] != v.side {
			continue
		}
		if d := int(v.foeDist[h]); d <= 20 {
			f.value[v.sector[h]] += float64(x) * math.Pow(0.85, float64(max(0, d-3)))
		}
	}
	var total float64
	units := 0
	for _, k := range v.own {
		if u := &v.s.Units[k]; u.DefenseNow() > 0 {
			total += f.defence(v, u, u.Hex)
			units++
		}
	}
	var wsum float64
	w := make([]float64, n)
	for s := range w {
		w[s] = f.threat[s] * (1 + f.value[s]/math.Max(1, v.doc.FrontValue))
		wsum += w[s]
	}
	for s := range w {
		if wsum > 0 {
			f.want[s] = (1 - v.doc.Reserve) * total * w[s] / wsum
		}
	}
	held := 0
	for s, t := range f.threat {
		if t > 0 && v.posture[s] != attack {
			f.meanThreat += t
			held++
		}
	}
	if held > 0 {
		f.meanThreat /= float64(held)
	}
	f.shareReserves(v, int(math.Round(v.doc.Reserve*float64(units))))
	for _, k := range v.own {
		f.add(p, k, v.s.Units[k].Hex, 1)
	}
	f.needField(p)
	return f
}

// shareReserves shares n reserves among the holding and withdrawing
// sectors in proportion to their threat, by largest
// remainder (ties to the lower sector).
func (f *front) shareReserves(v *view, n int) {
	var tsum float64
	for s, t := range f.threat {
		if v.posture[s] != attack {
			tsum += t
		}
	}
	if n == 0 || tsum == 0 {
		return
	}
	rem := make([]float64, len(f.threat))
	left := n
	for s, t := range f.threat {
		if v.posture[s] == attack {
			rem[s] = -1
			continue
		}
		x := float64(n) * t / tsum
		f.resWant[s] = int(x)
		rem[s] = x - float64(f.resWant[s])
		left -= f.resWant[s]
	}
	for ; left > 0; left-- {
		best := -1
		for s, r := range rem {
			if r >= 0 && f.threat[s] > 0 && (best < 0 || r > rem[best]) {
				best = s
			}
		}
		if best < 0 {
			return
		}
		f.resWant[best]++
		rem[best] = -1
	}
}

// zone is the sector whose line hex h belongs to (within one hex of the
// sector's line depth, or nearer the enemy), or -1: in the rear, or an
// attacking sector.
func (f *front) zone(v *view, h int) int {
	s := int(v.sector[h])
	if v.posture[s] == attack {
		return -1
	}
	if d := v.foeDist[h]; d >= 1 && d <= f.depth[s]+1 {
		return s
	}
	return -1
}

// reserveAt is the sector whose reserve place hex h is (one to three
// hexes behind the sector's line, in supply), or -1.
func (f *front) reserveAt(v *view, h int) int {
	s := int(v.sector[h])
	if v.posture[s] == attack || !v.supOK.Has(h) {
		return -1
	}
	if d := v.foeDist[h]; d >= f.depth[s]+2 && d <= f.depth[s]+4 {
		return s
	}
	return -1
}

// add counts unit k standing in h (sign 1) or leaving it (-1).
func (f *front) add(p *plan, k, h int, sign int) {
	v := p.v
	u := &v.s.Units[k]
	if u.Status != core.OnMap || u.DefenseNow() == 0 {
		return
	}
	if s := f.zone(v, h); s >= 0 {
		f.have[s] += float64(sign) * f.defence(v, u, h)
	}
	if s := f.reserveAt(v, h); s >= 0 {
		f.resHave[s] += sign
	}
}

// short is how much defence sector s lacks on its line.
func (f *front) short(s int) float64 { return math.Max(0, f.want[s]-f.have[s]) }

// needField fills need and needSec by a search over land from the line
// hexes of the sectors short of their share by more than a unit's
// worth.
func (f *front) needField(p *plan) {
	v := p.v
	m := v.m
	f.need = make([]int16, m.Len())
	f.needSec = make([]int8, m.Len())
	var q []int32
	for h := range f.need {
		f.need[h], f.needSec[h] = math.MaxInt16, -1
		if !m.OnMap[h] || m.Terrain[h].Water() {
			continue
		}
		if s := f.zone(v, h); s >= 0 && f.short(s) > 4 && v.foeDist[h] >= 1 {
			f.need[h], f.needSec[h] = 0, int8(s)
			q = append(q, int32(h))
		}
	}
	for i := 0; i < len(q); i++ {
		a := q[i]
		if f.need[a] >= 24 {
			continue
		}
		for _, nb := range m.Nbr[a] {
			if nb >= 0 && f.need[nb] == math.MaxInt16 && m.OnMap[nb] && !m.Terrain[nb].Water() {
				f.need[nb], f.needSec[nb] = f.need[a]+1, f.needSec[a]
				q = append(q, nb)
			}
		}
	}
}

// frontAllocation: a unit gains for moving onto the line of a sector
// short of its share of the defence, in proportion to the shortfall it
// closes, and loses for leaving one; a unit that cannot reach such a
// sector's line this move gains for each hex it closes on it, while the
// sector is still short and the unit's own sector is not.
func frontAllocation(p *plan, k, h int) float64 {
	f := p.front
	if f == nil || p.v.doc.Front == 0 {
		return 0
	}
	v := p.v
	u := &v.s.Units[k]
	if u.DefenseNow() == 0 {
		return 0
	}
	w := v.doc.Front
	to, from := f.zone(v, h), -1
	if u.Status == core.OnMap {
		from = f.zone(v, u.Hex)
	}
	if to == from {
		return 0
	}
	var sc float64
	if from >= 0 {
		// the shortfall the unit's leaving opens, with a quarter's
		// slack: a sector near its share keeps its units (the line does
		// not churn)
		d := f.defence(v, u, u.Hex)
		sc -= math.Min(d, math.Max(0, frontSlack*f.want[from]-(f.have[from]-d)))
	}
	d := f.defence(v, u, h)
	if to >= 0 {
		sc += math.Min(d, f.short(to))
		if from < 0 && u.Status == core.OnMap {
			// a unit behind the line: what it brings the other sector
			// beyond what it would bring its own (whose line the other
			// tactics bring it to)
			if own := int(v.sector[u.Hex]); own == to {
				sc = 0
			} else if v.posture[own] != attack {
				sc -= math.Min(d, f.short(own))
			}
		}
	}
	sc *= w
	if to < 0 && u.Status == core.OnMap && (from < 0 || f.short(from) == 0) {
		// on the way to a sector short of its share
		if s := f.needSec[h]; s >= 0 && f.short(int(s)) > 0 && f.needSec[u.Hex] == s {
			gain := math.Max(-2, math.Min(float64(f.need[u.Hex]-f.need[h]), 8))
			sc += w * 0.6 * math.Min(d, f.short(int(s))) * gain / 8
		}
	}
	return sc
}

func sum[T int | float64](xs []T) T {
	var t T
	for _, x := range xs {
		t += x
	}
	return t
}

// thin adds to a placement's or a rail move's bonus by hex the pull of
// the sectors short of their share (front-allocation), fading over
// twelve hexes from their lines, so that reinforcements and units sent
// by rail go where the line is thin.
func (p *plan) thin(bonus []float32) []float32 {
	f := p.front
	if f == nil || p.v.doc.Front == 0 || !p.b.uses("front-allocation") {
		return bonus
	}
	out := append([]float32(nil), bonus...)
	for h, s := range f.needSec {
		if s >= 0 && f.need[h] < 12 {
			out[h] += float32(p.v.doc.Front * math.Min(f.short(int(s)), 8) * 0.25 * (1 - float64(f.need[h])/12))
		}
	}
	return out
}

// railCredit names the tactic a rail move to h serves: front-allocation
// where it ends near the line of a sector short of its share.
func (p *plan) railCredit(h int) string {
	if f := p.front; f != nil && p.v.doc.Front > 0 && p.b.uses("front-allocation") && f.needSec[h] >= 0 && f.need[h] <= 2 && f.short(int(f.needSec[h])) > 0 {
		return "front-allocation"
	}
	return "rail-to-front"
}
