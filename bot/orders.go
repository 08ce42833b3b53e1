package bot

// orders.go judges the module's orders: uses tied to the side's units or
// hexes that change nothing the bot measures now, but change what
// happens when the enemy attacks there (the house card's No Retreat!
// order turns the results after the die). At the end of the side's last
// phase before the enemy's, its moves made, two clones are played forward
// to the enemy's next combat phase, both sides passing, one as the
// position stands and one with the uses made; in each the enemy's best
// attack on each use's hex is played die face by face (game.ForceDice),
// and a use's gain is what
// the side keeps with it less what it keeps without: its strength and
// points, and the hex held (worth its value to the side, and half a
// point).

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"

	"gpw/core"
	"gpw/game"
	"gpw/interp"
)

// lastOwnPhase reports whether the phase under way is the side's last
// before the enemy's.
func lastOwnPhase(g *game.Game, side core.Side) bool {
	ph := g.Rules.Phases
	cur := g.Phase()
	if cur.Side != side {
		return false
	}
	for i := range ph {
		if ph[i].ID == cur.ID {
			return ph[(i+1)%len(ph)].Side != side
		}
	}
	return false
}

// orderStep judges and makes the orders that pay, once, at the end of
// the side's last phase of its player turn.
func (b *Bot) orderStep() error {
	g, e := b.e.g, b.e
	key := fmt.Sprintf("%d/%s", g.Turn().Index, g.Phase().ID)
	if b.noModule || b.quickModule || g.InSetup() || b.orderPhase == key || !lastOwnPhase(g, b.Side) || len(g.Rules.CommandWords()) == 0 {
		return nil
	}
	b.orderPhase = key
	b.view = nil // read the position after the phase's moves
	ms, err := g.ModuleActions()
	if err != nil {
		if e.fault == nil {
			e.fault = err
		}
		return nil
	}
	turn := g.Turn().Index
	var base *game.Game // the position played forward without any use
	type kept struct {
		x  float64
		ok bool
	}
	baseLooks := map[int]kept{} // defendLook on base, by hex
	baseOK := true
	quickBase := math.NaN()
	for _, m := range ms {
		w := m.Word
		if !m.Listed || len(m.Uses) == 0 || b.said["unjudged-"+w] || !b.deepAwake("order:"+w, turn) {
			continue
		}
		cands := b.orderCands(m)
		if len(cands) == 0 {
			continue
		}
		// the uses made together: orders on different units do not
		// touch one another; a use that changes something now is no
		// order (moduleStep judges it)
		with := g.Clone()
		var made []game.ModuleUse
		for _, u := range cands {
			if with.Do(b.Side, game.UseCommand(u.Line)) == nil {
				made = append(made, u)
			}
		}
		if len(made) == 0 {
			continue
		}
		if math.IsNaN(quickBase) {
			quickBase = b.quick(g.Clone())
		}
		if b.quick(with.Clone()) != quickBase {
			// these change something now: judged by that, one by one
			// (moduleStep leaves the words judged as orders to this step)
			for _, u := range made {
				c := g.Clone()
				if c.Do(b.Side, game.UseCommand(u.Line)) != nil || b.quick(c)-quickBase <= payMargin {
					continue
				}
				if err := b.makeOrder(u); err != nil {
					return err
				}
			}
			continue
		}
		if base == nil && baseOK {
			base = g.Clone()
			if !b.standTo(base) {
				base, baseOK = nil, false
			}
		}
		if base == nil {
			return nil
		}
		if !b.standTo(with) {
			continue
		}
		var hs [2]*Bot
		eb := b.helper(&hs, base, b.Side.Enemy())
		bh := b.newHelper(b.Side.Enemy())
		bh.bind(with)
		paid := false
		for _, u := range made {
			gain, n := 0.0, 0
			for _, h := range b.orderHexes(u) {
				bl, seen := baseLooks[h]
				if !seen {
					bl.x, bl.ok = b.defendLook(base, eb, h)
					baseLooks[h] = bl
				}
				without, ok1 := bl.x, bl.ok
				within, ok2 := b.defendLook(with, bh, h)
				if ok1 && ok2 {
					gain += within - without
					n++
				}
			}
			if n == 0 {
				continue // no attack there to judge it by
			}
			gain /= float64(n)
			b.Judged[w]++
			// the battles where an order acts were played with it and
			// without: a gain of nothing is a judgement here
			b.moved[w], b.ordered[w] = true, true
			if gain <= payMargin {
				continue
			}
			if err := b.makeOrder(u); err != nil {
				return err
			}
			paid = true
		}
		b.deepResult("order:"+w, turn, paid)
	}
	return nil
}

// makeOrder makes use u if it is still listed.
func (b *Bot) makeOrder(u game.ModuleUse) error {
	if !b.stillListed(u.Line) {
		return nil
	}
	if err := b.e.do(game.UseCommand(u.Line)); err != nil {
		if game.IsRefusal(err) {
			return nil
		}
		return err
	}
	b.Tactics["module:"+strings.Fields(u.Line)[0]]++
	b.view = nil
	return nil
}

// standTo plays clone c forward to the enemy's next combat phase, both
// sides passing (game.PassCommand: reinforcements placed by the automatic
// rule, nothing moved, no attack): an order is judged by the attacks the
// enemy can make on the position as the side leaves it, which costs a
// few battles instead of the enemy's moves. It reports whether the phase
// was reached.
func (b *Bot) standTo(c *game.Game) bool {
	foe := b.Side.Enemy()
	for i := 0; i < 256 && !c.Over(); i++ {
		p := c.Phase()
		if p.Kind == interp.PhaseCombat && p.Side == foe && c.Actor() == foe {
			return true
		}
		if c.Do(c.Actor(), c.PassCommand()) != nil {
			return false
		}
	}
	return false
}

// orderCands picks the uses of m to judge as orders, a few: those tied
// to no hex, and those whose hexes the enemy can attack next turn, the
// most valuable and then the most threatened first.
func (b *Bot) orderCands(m game.ModuleCommand) []game.ModuleUse {
	v := b.phaseView()
	type cand struct {
		u           game.ModuleUse
		val, threat float32
	}
	var cs []cand
	for _, u := range m.Uses {
		c := cand{u: u}
		for _, h := range v.useHexes(u) {
			if v.threat[h] > 0 {
				c.val, c.threat = max(c.val, v.value[h]), max(c.threat, v.threat[h])
			}
		}
		if len(u.Hexes) == 0 || c.threat > 0 {
			cs = append(cs, c)
		}
	}
	slices.SortStableFunc(cs, func(a, c cand) int {
		if a.val != c.val {
			return cmp.Compare(c.val, a.val)
		}
		return cmp.Compare(c.threat, a.threat)
	})
	out := make([]game.ModuleUse, 0, maxJudged)
	for i := 0; i < len(cs) && i < maxJudged; i++ {
		out = append(out, cs[i].u)
	}
	return out
}

// orderHexes are the hexes where the enemy's attacks judge use u: its
// own, or for a use tied to none (an order to every unit) the side's
// three most threatened hexes.
func (b *Bot) orderHexes(u game.ModuleUse) []int {
	v := b.phaseView()
	if len(u.Hexes) > 0 {
		return v.useHexes(u)
	}
	hs := make([]int, 0, len(v.own))
	for _, k := range v.own {
		hs = append(hs, v.s.Units[k].Hex)
	}
	slices.SortStableFunc(hs, func(a, c int) int { return cmp.Compare(v.threat[c], v.threat[a]) })
	return hs[:min(3, len(hs))]
}

// useHexes are the hexes use u names, as map indexes (an id the map
// does not know is left out).
func (v *view) useHexes(u game.ModuleUse) []int {
	var out []int
	for _, id := range u.Hexes {
		if h, err := v.m.ParseHex(id); err == nil {
			out = append(out, h)
		}
	}
	return out
}

// defendLook is what the side keeps after the enemy's strongest attack
// on hex h in clone c (the enemy's combat phase, its helper bot eh bound
// to c: every enemy unit that may join it), averaged over the die's six
// faces: its holdings, and the hex's value while a unit of the side
// still stands there. The battle's choices are the engine's defaults
// (auto on). ok is false when no enemy unit can attack it.
func (b *Bot) defendLook(c *game.Game, eh *Bot, h int) (float64, bool) {
	foe := b.Side.Enemy()
	s := c.Position()
	d := s.Occupant(h)
	if d < 0 || s.Units[d].Side != b.Side {
		return 0, false
	}
	// the enemy's reading, cut to what finding the attackers needs
	one := &view{b: eh, e: eh.e, g: c, s: s, m: s.Map, side: foe, foe: b.Side, doc: &eh.Doctrine,
		mark: c.Turn().Weather, turn: c.Turn().Index, enemy: []int{d}, supplied: eh.e.supply(foe)}
	attacked, defended := eh.e.fought()
	ts := eh.allTargets(one, attacked, defended)
	if len(ts) == 0 {
		return 0, false
	}
	best := option{hex: ts[0].hex, atk: ts[0].atk}
	keep := 0.5
	if own := b.phaseView(); h < len(own.value) {
		keep += float64(own.value[h])
	}
	return overDie(c, foe, best, func(cc *game.Game) float64 {
		x := b.holdings(cc, b.Side)
		if k := cc.Position().Occupant(h); k >= 0 && cc.Position().Units[k].Side == b.Side {
			x += keep
		}
		return x
	})
}

// demanded is the target among ts whose attack the rules ask for before
// the phase may end (the end refused with why): the first whose attack,
// made on a clone with all its attackers and settled by the engine's
// defaults, lets the phase end or changes the refusal. The refusal's
// text is compared, never read. ts[0] when none does.
func (b *Bot) demanded(ts []*target, why string) *target {
	g := b.e.g
	for _, t := range ts {
		c := g.Clone()
		if c.Do(core.NoSide, game.Cmd(game.VerbAuto, "on")) != nil {
			break
		}
		at := game.Cmd(game.VerbAttack)
		at.Hex, at.From = t.hex, t.atk
		if c.Do(b.Side, at) != nil || c.Phase().Kind != interp.PhaseCombat {
			continue
		}
		err := c.Clone().Do(b.Side, game.Cmd(game.VerbEnd))
		var rf *game.Refusal
		if !errors.As(err, &rf) || rf.Error() != why {
			return t
		}
	}
	return ts[0]
}
