package bot

import "gpw/core"

// stay.go: a garrison does not leave its city to follow up a success.
// An advance after combat (GDW: Combat Results) moves the attacker into
// the hex the defender left; when that attacker is the garrison of one
// of its side's objectives or fortresses that the enemy can reach next
// turn, the city is left empty behind it, and the enemy walks in (the
// Soviet 9th Army leaving Odessa to follow a beaten Romanian corps).

// leaveCost is what unit k's leaving its hex costs: the hex's worth when
// it is a city of the side's (an objective or a fortress) that the enemy
// can enter or attack next turn, else 0 (and 0 in a view that has not
// measured the enemy's reach, such as the enemy's look at a battle).
func leaveCost(v *view, k int) float64 {
	u := &v.s.Units[k]
	h := u.Hex
	if u.Status != core.OnMap || h < 0 || h >= len(v.reach) || h >= len(v.threat) || v.s.Control[h] != v.side || enemyAt(v, h) == 0 {
		return 0
	}
	c, ok := v.m.City(h)
	if !ok || !(v.key.Has(h) || c.Kind == core.Fortress) {
		return 0
	}
	return float64(v.value[h])
}

// garrisonStays reports whether unit k is the garrison of a city of its
// side that the enemy can reach next turn (leaveCost above 0): such a
// unit makes no attack, which might cost it a step (AL, EX) and leave
// the city to fall at the next enemy attack, as the garrisons of Odessa
// did that sallied against the Romanians at 1:1. An attack the rules
// demand (allTargets, attackDemanded) may still take it.
func garrisonStays(v *view, k int) bool {
	return leaveCost(v, k) > 0
}
