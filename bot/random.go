package bot

import (
	"gpw/core"
)

// The random level: at each step one legal action drawn uniformly from
// all of them, the end of the phase among them (the engine's fuzzer's
// player, built on the same legality checks as the bot's).

func (b *Bot) randomDecision(d *decision) error {
	e := b.e
	switch d.kind {
	case retreatDecision:
		p := d.retreats[b.rng.IntN(len(d.retreats))]
		return e.do(append([]string{"retreat"}, e.ids(p)...)...)
	case lossDecision, exchangeDecision:
		return e.do("loss", e.s.Units[d.units[b.rng.IntN(len(d.units))]].ID)
	case advanceDecision:
		i := b.rng.IntN(len(d.units) + 1)
		if i == len(d.units) {
			return e.do("noadvance")
		}
		return e.do("advance", e.s.Units[d.units[i]].ID)
	}
	return errStuck
}

// randomSetup places every setup unit on a random free hex of its area,
// then ends the side's setup.
func (b *Bot) randomSetup() error {
	e := b.e
	s := e.s
	for k := range s.Units {
		area := e.setupArea(k)
		if s.Units[k].Side != b.Side || area == nil {
			continue
		}
		var hexes []int
		area.Each(func(h int) {
			if s.CanPlace(k, h) == nil {
				hexes = append(hexes, h)
			}
		})
		if len(hexes) == 0 {
			continue
		}
		if err := e.do("place", s.Units[k].ID, e.m.ID(hexes[b.rng.IntN(len(hexes))])); err != nil {
			return err
		}
	}
	for k := range s.Units {
		if s.Units[k].Side == b.Side && e.setupArea(k) != nil && s.Units[k].Status != core.OnMap {
			return e.do("place", "auto")
		}
	}
	return e.do("end")
}

// randomReinforce places and rebuilds at random among the legal choices,
// ending the phase as one of them.
func (b *Bot) randomReinforce() error {
	e := b.e
	s := e.s
	v := &view{s: s, m: e.m, side: b.Side, foe: b.Side.Enemy()}
	v.supplied = e.supply(b.Side)
	entries := b.entryHexes(v)
	type act struct {
		k, h  int
		place bool
	}
	for step := 0; step < 200; step++ {
		var acts []act
		for _, k := range e.awaiting() {
			if s.Units[k].Side != b.Side {
				continue
			}
			for _, h := range entries {
				if s.CanPlace(k, h) == nil && e.entryOK(k, h, "place", v.supplied) {
					acts = append(acts, act{k, h, true})
				}
			}
		}
		if len(acts) == 0 && !b.placeableLeft(v, entries) {
			pts := e.g.Status().Points
			for k := range s.Units {
				u := &s.Units[k]
				if u.Side != b.Side || !u.Stacks {
					continue
				}
				cost, ok := 0, false
				if (u.Status == core.OnMap && u.Reduced && u.HasHalf()) || u.Status == core.Eliminated {
					cost, ok = e.rebuildCost(k)
				}
				if !ok || cost > pts {
					continue
				}
				if u.Status == core.OnMap {
					c, isCity := e.m.City(u.Hex)
					if e.g.Supplied(k) || (isCity && c.Capital == b.Side) {
						acts = append(acts, act{k, -1, false})
					}
					continue
				}
				for _, h := range entries {
					if _, city := e.m.City(h); city && s.CanPlace(k, h) == nil && e.entryOK(k, h, "rebuild", v.supplied) {
						acts = append(acts, act{k, h, false})
					}
				}
			}
		}
		i := b.rng.IntN(len(acts) + 1)
		if i == len(acts) {
			return b.endPhase()
		}
		a := acts[i]
		var err error
		switch {
		case a.place:
			err = e.do("place", s.Units[a.k].ID, e.m.ID(a.h))
		case a.h < 0:
			err = e.do("rebuild", s.Units[a.k].ID)
		default:
			err = e.do("rebuild", s.Units[a.k].ID, e.m.ID(a.h))
		}
		if err != nil {
			return err
		}
	}
	return b.endPhase()
}

// randomMoves moves (or rails) units at random: each step draws one of
// the legal (unit, hex) moves or the end of the phase, uniformly.
func (b *Bot) randomMoves(rail bool) error {
	e := b.e
	s := e.s
	type act struct{ k, h int }
	var acts []act
	parent := make([]int32, e.m.Len())
	weather := e.g.Status().Weather
	for k := range s.Units {
		if s.Units[k].Side != b.Side {
			continue
		}
		if rail {
			if !e.canRail(k) {
				continue
			}
			for _, h := range e.railDests(k, parent) {
				acts = append(acts, act{k, h})
			}
			continue
		}
		if !e.canMove(k) {
			continue
		}
		e.reach(k, weather)
		for _, h := range e.mv.Reached() {
			if int(h) != s.Units[k].Hex && e.mv.CanEnd(k, int(h)) {
				acts = append(acts, act{k, int(h)})
			}
		}
	}
	moved := map[int]bool{}
	for len(acts) > 0 {
		i := b.rng.IntN(len(acts) + 1)
		if i == len(acts) {
			break
		}
		a := acts[i]
		acts[i] = acts[len(acts)-1]
		acts = acts[:len(acts)-1]
		if moved[a.k] {
			continue
		}
		var path []int
		ok := false
		if rail {
			if e.canRail(a.k) {
				for _, d := range e.railDests(a.k, parent) {
					ok = ok || d == a.h
				}
				path = railPath(parent, a.h)
			}
		} else if e.canMove(a.k) {
			e.reach(a.k, weather)
			if e.mv.CanEnd(a.k, a.h) {
				path, ok = e.mv.Path(a.h), true
			}
		}
		if !ok || !e.pathOK(a.k, path, map[bool]string{true: "rail", false: "move"}[rail]) {
			continue
		}
		var err error
		if rail {
			err = e.do("rail", s.Units[a.k].ID, e.m.ID(a.h))
		} else {
			err = e.move(a.k, path)
		}
		if err != nil && !isRefusal(err) {
			return err
		}
		moved[a.k] = true
	}
	return b.endPhase()
}

// randomCombat makes random legal attacks: each step draws a defender
// and a non-empty set of its attackers, uniformly among the sets the
// engine accepts, or the end of the phase.
func (b *Bot) randomCombat() error {
	e := b.e
	v := &view{s: e.s, m: e.m, side: b.Side, foe: b.Side.Enemy(), g: e.g, e: e}
	for k := range e.s.Units {
		if u := &e.s.Units[k]; combatUnit(u) && u.Side != b.Side {
			v.enemy = append(v.enemy, k)
		}
	}
	v.supplied = e.supply(b.Side)
	for step := 0; step < 100; step++ {
		if e.pending() != nil {
			return nil
		}
		attacked, defended := e.fought()
		var ts []*target
		for _, d := range v.enemy {
			if defended[d] || !combatUnit(&e.s.Units[d]) {
				continue
			}
			t := &target{def: d, hex: e.s.Units[d].Hex}
			for _, nb := range e.m.Nbr[t.hex] {
				if nb < 0 {
					continue
				}
				if a := e.s.Occupant(int(nb)); a >= 0 && e.s.Units[a].Side == b.Side && !attacked[a] && e.s.Units[a].AttackNow() > 0 {
					t.atk = append(t.atk, a)
				}
			}
			if len(t.atk) > 0 {
				ts = append(ts, t)
			}
		}
		total := 0
		for _, t := range ts {
			total += 1<<len(t.atk) - 1
		}
		done := false
		for try := 0; try < 30 && !done; try++ {
			i := b.rng.IntN(total + 1)
			if i == total {
				return b.endPhase()
			}
			for _, t := range ts {
				n := 1<<len(t.atk) - 1
				if i >= n {
					i -= n
					continue
				}
				var atk []int
				for j := range t.atk {
					if (i+1)&(1<<j) != 0 {
						atk = append(atk, t.atk[j])
					}
				}
				if _, ok := e.weigh(t.hex, atk); ok {
					if err := e.attack(t.hex, atk); err != nil && !isRefusal(err) {
						return err
					}
					done = true
				}
				break
			}
		}
		if !done {
			return b.endPhase()
		}
	}
	return b.endPhase()
}
