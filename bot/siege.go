package bot

// siege.go: the attacker's doctrine before a fortress. A fortress shifts
// the odds a column left and lets its garrison stand instead of
// retreating (GDW: Terrain and Combat), and an attack that terrain
// shifts left of the first column is still resolved on it (base.lua's
// below_lowest_column = "floor"): a fortress held by one army then falls
// to a third of the attacks whatever their odds. A side whose doctrine
// sets siege_odds does not gamble on that: it assaults a fortress or a
// capital only with at least that ratio of strength to the garrison's
// defence before any shift, and otherwise invests it (its zone of control
// and supply do the rest), as Army Group North was ordered to before
// Leningrad in September 1941.

import (
	"math"

	"gpw/core"
)

// fortressHex reports whether hex h is a fortress or a capital (both may
// stand instead of retreating and both shift the odds, GDW: Terrain and
// Combat).
func fortressHex(m *core.Map, h int) bool {
	c, ok := m.City(h)
	return ok && (c.Kind == core.Fortress || c.Capital != core.NoSide)
}

// tooWeakToStorm reports whether the doctrine's siege_odds forbids an
// attack of strength att on a defence of def in hex h: h is a fortress
// or capital and att is below siege_odds times def (0: never).
func tooWeakToStorm(v *view, h int, att, def float64) bool {
	x := v.doc.SiegeOdds
	if x <= 0 || !fortressHex(v.m, h) {
		return false
	}
	return att+1e-9 < x*math.Max(def, 0.5)
}

// siegeFutile reports whether the doctrine's siege_odds forbids an
// assault on the garrison k of hex h at CRT column col because no face
// of the column can take the hex: none eliminates the garrison or makes
// it leave, by the module's own meanings of the results (R.bot.results).
// A stand in strong terrain costs a step, so it takes the hex only from
// a garrison with one step left. Under GDW every column has such a face
// (EX and DRL retreat the defender); under ADC2, where a fortress's
// garrison stands losing a step and EX retreats no one (ADC2: Combat
// Phase; Retreat), the first columns only wear a full army down by a
// step that its side rebuilds in its next turn while in supply (ADC2:
// Reinforcement Phase, even in an enemy zone of control), at the cost of
// the attackers' own steps on the EX and AL faces. A garrison out of
// supply may still be worn down (0: never).
func (b *Bot) siegeFutile(v *view, h, k, col int) bool {
	if v.doc.SiegeOdds <= 0 || !fortressHex(v.m, h) || !v.foeSup.Has(h) {
		return false
	}
	return b.takeChance(v, h, k, col) == 0
}

// takeChance is the chance that an attack on column col takes hex h
// from its defender k: the faces that eliminate it or leave the hex
// empty behind it.
func (b *Bot) takeChance(v *view, h, k, col int) float64 {
	steps := v.s.Units[k].StepsLeft()
	stands := b.canStand(v, h)
	var p float64
	for _, oc := range b.column(col) {
		r := b.result(oc.code)
		left := steps - min(r.DefSteps, steps)
		switch {
		case r.DefElim, left == 0:
			p += oc.p
		case r.Retreat > 0 && !(r.Stand && stands):
			p += oc.p // it leaves the hex
		case r.Retreat > 0 && left == 1:
			p += oc.p // its stand costs its last step
		}
	}
	return p
}
