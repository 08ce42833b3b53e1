package bot

import (
	"math"

	"gpw/core"
	"gpw/game"
)

// Stance is a side's strategic posture for a turn, read from its
// strength against the enemy's and the trend of that ratio.
type Stance int8

const (
	// Offensive is the doctrine as written: the side seeks battle.
	Offensive Stance = iota
	// Defensive is the weaker side's: it attacks only at good odds and
	// where it is strong, trades space for time, keeps more reserves
	// behind the line and counterattacks locally.
	Defensive
)

func (s Stance) String() string { return [...]string{"offensive", "defensive"}[s] }

// stanceState is what a bot remembers of its strategic posture.
type stanceState struct {
	turn   int             // the turn the stance was last read (-1: never)
	ratios map[int]float64 // the side's strength over the enemy's, by turn
	stance Stance
	plain  Doctrine // the doctrine before the stance changed it
	set    bool     // plain is read
}

// trendTurns is how many turns back the trend of the strength ratio
// looks.
const trendTurns = 2

// sideStrength is the strength (attack and defence, halved) of side's
// combat units on the map.
func sideStrength(s *core.State, side core.Side) float64 {
	var t float64
	for k := range s.Units {
		u := &s.Units[k]
		if u.Side == side && combatUnit(u) {
			t += worth(u)
		}
	}
	return t
}

// nextStance is the stance of a side whose strength is r times the
// enemy's, r turns ago being then (0 when unknown), after stance now:
// defensive below the doctrine's DefendRatio, or below half as much
// again while the ratio falls by more than a sixth over the trend's
// turns; offensive again once above 1.2 times DefendRatio and not
// falling (the margin keeps the stance from flickering).
func nextStance(now Stance, r, then, defend float64) Stance {
	if defend <= 0 {
		return Offensive
	}
	falling := then > 0 && r < then*5/6
	switch {
	case r < defend, falling && r < defend*1.5:
		return Defensive
	case now == Defensive && (r < defend*1.2 || falling):
		return Defensive
	}
	return Offensive
}

// defensive is doctrine d in the defensive stance. Each key is clamped,
// not scaled, so that applying it twice (a look-ahead helper copies the
// doctrine) changes nothing more.
func (d Doctrine) defensive() Doctrine {
	d.Aggression = math.Min(d.Aggression, 0.15)
	d.Caution = math.Max(d.Caution, 1)
	d.AttackRatio = math.Max(d.AttackRatio, 2.5)
	d.WithdrawRatio = math.Max(d.WithdrawRatio, 0.8)
	d.Reserve = math.Max(d.Reserve, 0.2)
	d.Axes = math.Min(d.Axes, 0.1)
	return d
}

// readStance sets the bot's stance once a turn from the position of g
// and the doctrine it plays with this turn.
func (b *Bot) readStance(g *game.Game) {
	st := &b.stance
	if !st.set {
		st.plain, st.set, st.turn, st.ratios = b.Doctrine, true, -1, map[int]float64{}
	}
	turn := g.Turn().Index
	if st.turn == turn || g.InSetup() {
		return
	}
	st.turn = turn
	s := g.Position()
	own, foe := sideStrength(s, b.Side), sideStrength(s, b.Side.Enemy())
	if foe <= 0 {
		st.stance = Offensive
	} else {
		r := own / foe
		st.ratios[turn] = r
		st.stance = nextStance(st.stance, r, st.ratios[turn-trendTurns], st.plain.DefendRatio)
	}
	b.Doctrine = st.plain
	if st.stance == Defensive {
		b.Doctrine = st.plain.defensive()
	}
}

// Stance is the bot's strategic posture this turn.
func (b *Bot) Stance() Stance { return b.stance.stance }

// holdObjectives turns back to hold each withdrawing sector in which the
// side holds, in supply and within the doctrine's HoldObjectives hexes
// of the enemy, one of its objectives (a city of the victory conditions
// or a capital): the sector stands on its line before the city instead
// of falling back past it. The sectors that withdraw for want of supply
// still do.
//
// A fortress or capital of the side (a city the rules defend more
// strongly, whether or not the victory conditions name it) is held so
// within the doctrine's HoldFortresses hexes of the enemy, if that is
// farther: the sectors before such cities stand from afar, the others
// only once the enemy is at their gates.
func (v *view) holdObjectives() {
	reach, fort := int(v.doc.HoldObjectives), int(v.doc.HoldFortresses)
	if reach <= 0 && fort <= 0 {
		return
	}
	keep := make([]bool, len(v.posture))
	held := func(h, within int) {
		if within > 0 && v.m.OnMap[h] && v.s.Control[h] == v.side && v.supplied.Has(h) && int(v.foeDist[h]) <= within {
			keep[v.sector[h]] = true
		}
	}
	v.key.Each(func(h int) { held(h, reach) })
	for _, c := range v.m.Cities {
		if c.Kind == core.Fortress || c.Capital == v.side {
			held(c.Hex, fort)
		}
	}
	for s, p := range v.posture {
		if p == withdraw && keep[s] && !v.sectorCutOff(s) {
			v.posture[s] = hold
		}
	}
}

// sectorCutOff reports whether half the side's strength near the front in
// sector s is out of supply.
func (v *view) sectorCutOff(s int) bool {
	var all, out float64
	for _, k := range v.own {
		u := &v.s.Units[k]
		if int(v.sector[u.Hex]) != s || int(v.foeDist[u.Hex]) > u.MP+3 {
			continue
		}
		all += float64(u.AttackNow())
		if !v.supplied.Has(u.Hex) {
			out += float64(u.AttackNow())
		}
	}
	return out > all/2
}
