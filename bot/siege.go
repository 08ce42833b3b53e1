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
