package bot

// escape.go is the expert's escape plan: each unit the enemy can attack
// next turn steps back to where the least can.

// escape moves each of the side's units on the map that enemy units can
// attack before their next combat phase (the view's threat) to the
// legal destination the least enemy strength can attack (ties: the one
// first listed by the engine, the nearest), if that is less than where
// it stands; then ends the phase.
func (b *Bot) escape() error {
	e := b.e
	v := b.newView(e, b.Side)
	for _, k := range v.own {
		u := &v.s.Units[k]
		if !u.Stacks || v.threat[u.Hex] <= 0 {
			continue
		}
		best, least := -1, v.threat[u.Hex]
		for _, d := range e.dests(k) {
			if t := v.threat[d.Hex]; t < least && v.s.Occupant(d.Hex) < 0 {
				best, least = d.Hex, t
			}
		}
		if best < 0 {
			continue
		}
		if path := e.pathTo(k, best); path != nil && e.move(k, path) == nil {
			b.Tactics["escape"]++
		}
	}
	return b.endPhase()
}
