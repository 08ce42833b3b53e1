package bot

// escape.go is the expert's escape plan: a unit standing alone where
// the enemy can attack it steps back to where the least can; the rest
// move as the hard bot moves them.

// escape moves each of the side's lone units (no friendly combat unit
// within two hexes) that enemy units can attack before their next
// combat phase (the view's threat) to the legal destination the least
// enemy strength can attack (ties: the one the engine lists first), if
// that is less than where it stands; then the hard bot moves the
// others (move), the escaped units staying where they went.
func (b *Bot) escape() error {
	e := b.e
	v := b.newView(e, b.Side)
	kept := map[int]bool{}
	for _, k := range v.own {
		u := &v.s.Units[k]
		if !u.Stacks || v.threat[u.Hex] <= 0 || !b.alone(v, k) {
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
			kept[k] = true
			b.Tactics["escape"]++
		}
	}
	b.kept = kept
	defer func() { b.kept = nil }()
	return b.move()
}

// alone reports whether no other friendly combat unit stands within two
// hexes of unit k.
func (b *Bot) alone(v *view, k int) bool {
	h := v.s.Units[k].Hex
	near := map[int]bool{h: true}
	for _, nb := range v.m.Nbr[h] {
		if nb < 0 {
			continue
		}
		near[int(nb)] = true
		for _, nb2 := range v.m.Nbr[nb] {
			if nb2 >= 0 {
				near[int(nb2)] = true
			}
		}
	}
	for _, o := range v.own {
		if o != k && near[v.s.Units[o].Hex] {
			return false
		}
	}
	return true
}
