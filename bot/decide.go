package bot

import (
	"math"

	"gpw/core"
	"gpw/game"
)

// decide takes the attacker's battle decision the game waits for.
func (b *Bot) decide(d *decision) error {
	e := b.e
	v := b.phaseView()
	switch d.kind {
	case retreatDecision:
		if len(d.retreats) == 0 {
			return errStuck
		}
		i := b.pickRetreat(v, d)
		b.Tactics["retreat-into-trap"]++
		return e.retreat(d.retreats[i])
	case lossDecision, exchangeDecision:
		return e.loss(b.pickLoss(v, d))
	case advanceDecision:
		k := b.pickAdvance(v, d)
		if k < 0 {
			return e.plain(game.VerbNoAdvance)
		}
		return e.advance(k)
	}
	return errStuck
}

// pickRetreat is the defender's retreat the attacker picks: through the
// most zones of control, then to the weakest hex, nearest the attacker's
// units and farthest from the defender's friends.
func (b *Bot) pickRetreat(v *view, d *decision) int {
	best, bestScore := 0, math.Inf(-1)
	for i, p := range d.retreats {
		end := p[len(p)-1]
		score := float64(d.zoc[i])*10 - v.terrainMult(end)*2
		if v.s.ZOC(v.side, end) {
			score++
		}
		score += math.Min(float64(v.foeDist[end]), 4) * 0.5 // the defender's friends are the bot's enemies
		if _, city := v.m.City(end); city {
			score -= 2
		}
		score += b.noise() * 0.1
		if score > bestScore {
			best, bestScore = i, score
		}
	}
	return best
}

// pickLoss is the attacker that loses a step: the one whose step costs
// least (armour weighs more: it costs more to rebuild); in an exchange,
// the cheapest whose step covers what is still owed, if any does.
func (b *Bot) pickLoss(v *view, d *decision) int {
	need := d.need
	cost := func(k int) float64 {
		u := &v.s.Units[k]
		c := stepValue(u)
		if b.e.g.Rules.Armor[u.Kind] {
			c *= 1.3
		}
		return c
	}
	covers := func(k int) bool {
		u := &v.s.Units[k]
		if !u.Reduced && u.HasHalf() {
			return u.Attack[0]-u.Attack[1] >= need
		}
		return u.AttackNow() >= need
	}
	best := -1
	for _, k := range d.units {
		switch {
		case best < 0:
			best = k
		case d.kind == exchangeDecision && need > 0 && covers(k) != covers(best):
			if covers(k) {
				best = k
			}
		case cost(k) < cost(best):
			best = k
		}
	}
	return best
}

// pickAdvance is the attacker that advances into the vacated hex, or -1
// to stay: the hex's value, the enemy units it would cut off and the
// pull of the objectives beyond, less the danger to the unit there.
func (b *Bot) pickAdvance(v *view, d *decision) int {
	h := d.hex
	if h < 0 || v.s.Occupant(h) >= 0 {
		return -1
	}
	base := float64(v.value[h])*0.5 + b.cutValue(v, h, -1)
	if v.s.Control[h] != v.side {
		base += 0.5
	}
	best, bestScore := -1, 0.0
	for _, k := range d.units {
		u := &v.s.Units[k]
		if u.Status != core.OnMap {
			continue
		}
		score := base + (float64(v.pull[h])-float64(v.pull[u.Hex]))*0.2
		score -= v.doc.Caution * (b.risk(v, k, h) - b.risk(v, k, u.Hex))
		score -= leaveCost(v, k)
		if v.postureAt(h) == attack {
			score += 1
		}
		if score > bestScore {
			best, bestScore = k, score
		}
	}
	if best >= 0 {
		b.Tactics["advance"]++
	}
	return best
}
