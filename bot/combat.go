package bot

import (
	"math"
	"sort"

	"gpw/core"
	"gpw/game"
	"gpw/interp"
)

// outcome is one CRT result with its chance on a column.
type outcome struct {
	code string
	p    float64
}

// column lists the results of CRT column col (from 1) with their chances:
// the die faces of each, as the engine's odds preview counts them.
func (b *Bot) column(col int) []outcome {
	crt := b.e.g.Rules.CRT
	var out []outcome
	for _, row := range crt {
		if col < 1 || col > len(row) {
			return nil
		}
		r := row[col-1]
		found := false
		for i := range out {
			if out[i].code == r {
				out[i].p += 1 / float64(len(crt))
				found = true
			}
		}
		if !found {
			out = append(out, outcome{r, 1 / float64(len(crt))})
		}
	}
	return out
}

// result is the doctrine's reading of a CRT code; a code it does not
// know counts as no effect, and the bot says so once.
func (b *Bot) result(code string) Result {
	r, ok := b.Doctrine.Results[code]
	if !ok {
		b.say("result-"+code, "does not know the CRT result %q: it scores it as no effect (describe it in R.bot.results, docs/bots.md)", code)
	}
	return r
}

// oddsIndex is the CRT column (from 1) whose ratio the attack ratio r
// reaches, 0 below the first.
func (b *Bot) oddsIndex(r float64) int {
	i := 0
	for j, x := range b.ratios {
		if r+1e-9 >= x {
			i = j + 1
		}
	}
	return i
}

// option is an attack the bot might make: a defender, the attackers,
// the column and what it is worth.
type option struct {
	def, hex int
	atk      []int
	col      int
	exact    bool // the column is the engine's, not an estimate
	score    float64
	name     string // the tactic that proposed it
}

// target is an enemy unit some of the side's units could attack now.
type target struct {
	def, hex int
	atk      []int // eligible attackers, strongest first
	eff      []float64
	fullCol  int     // the engine's column for all of them
	shift    int     // columns the rules shifted for all of them
	scale    float64 // the rules' attack total over the bot's estimate
	river    []bool  // each attacker is across a river
}

// targets lists the enemy units that the side's units that have not
// attacked could attack, each with the engine's odds for all of them.
func (b *Bot) targets(v *view, attacked, defended []bool) []*target {
	return b.findTargets(v, attacked, defended, true)
}

// allTargets are the targets, promising or not.
func (b *Bot) allTargets(v *view, attacked, defended []bool) []*target {
	return b.findTargets(v, attacked, defended, false)
}

func (b *Bot) findTargets(v *view, attacked, defended []bool, promising bool) []*target {
	s, m := v.s, v.m
	var out []*target
	for _, d := range v.enemy {
		if defended[d] || !combatUnit(&s.Units[d]) {
			continue
		}
		dh := s.Units[d].Hex
		t := &target{def: d, hex: dh}
		for dir, nb := range m.Nbr[dh] {
			if nb < 0 {
				continue
			}
			a := s.Occupant(int(nb))
			if a < 0 || s.Units[a].Side != v.side || attacked[a] || s.Units[a].AttackNow() == 0 || promising && garrisonStays(v, a) {
				continue
			}
			back := core.Dir(dir).Opposite()
			if m.WaterSide[nb]&(1<<back) != 0 && m.Strait[nb]&(1<<back) == 0 {
				continue
			}
			t.atk = append(t.atk, a)
		}
		if len(t.atk) == 0 {
			continue
		}
		sort.SliceStable(t.atk, func(i, j int) bool { return s.Units[t.atk[i]].AttackNow() > s.Units[t.atk[j]].AttackNow() })
		if promising && !b.promising(v, t) {
			continue
		}
		col, ok := b.weighCached(dh, t.atk)
		if !ok {
			// some attacker may not attack (a rules hook): try each alone
			var legal []int
			for _, a := range t.atk {
				if _, ok := b.weighCached(dh, []int{a}); ok {
					legal = append(legal, a)
				}
			}
			if len(legal) == 0 || len(legal) == len(t.atk) {
				continue
			}
			t.atk = legal
			if col, ok = b.weighCached(dh, t.atk); !ok {
				continue
			}
		}
		t.fullCol = col
		var sum float64
		for _, a := range t.atk {
			u := &s.Units[a]
			e := float64(u.AttackNow())
			if !v.supplied.Has(u.Hex) {
				e /= 2
			}
			if v.mark == "mud" {
				e /= 2
			}
			t.eff = append(t.eff, e)
			sum += e
			dir, _ := m.Adjacent(u.Hex, dh)
			t.river = append(t.river, m.River[u.Hex]&(1<<dir) != 0)
		}
		def := float64(s.Units[d].DefenseNow())
		w := b.lastWeigh
		t.scale = 1
		if sum > 0 && w.total > 0 {
			t.scale = float64(w.total) / sum
		}
		if def > 0 {
			t.shift = col - b.oddsIndex(float64(w.total)/float64(w.def))
		}
		out = append(out, t)
	}
	return out
}

// promising reports whether an attack on t could be worth making: its
// score with every attacker at full strength and one column better than
// the plain ratio gives (a leader, say), before the engine is asked.
func (b *Bot) promising(v *view, t *target) bool {
	s := v.s
	var sum float64
	for _, a := range t.atk {
		sum += float64(s.Units[a].AttackNow())
	}
	def := math.Max(float64(s.Units[t.def].DefenseNow()), 0.5)
	col := b.oddsIndex(sum/def) + 1
	if col <= 1 && b.oddsIndex(sum/def) == 0 {
		return false
	}
	col = min(col, len(b.ratios))
	o := option{def: t.def, hex: t.hex, atk: t.atk, col: col}
	return b.scoreAttack(v, o)+b.bonusBound(v, &o) > 0
}

// bonusBound is the most the attack tactics could add to o.
func (b *Bot) bonusBound(v *view, o *option) float64 {
	var x float64
	for _, t := range attackTactics {
		if b.uses(t.name) {
			x += math.Max(t.f(b, v, o), 0)
		}
	}
	return x
}

// weighing is the engine's answer for one attack.
type weighing struct {
	col, total, def int
	ok              bool
}

// weighCached asks the engine for an attack's column, remembering the
// answer for the position (the cache is cleared after every command).
func (b *Bot) weighCached(hex int, atk []int) (int, bool) {
	key := b.weighKey(hex, atk)
	if w, ok := b.weighs[key]; ok {
		b.lastWeigh = w
		return w.col, w.ok
	}
	w := weighing{}
	if b.e.fault != nil {
		return 0, false
	}
	if r, err := b.e.g.Weigh(hex, atk); b.e.ok(err) {
		w = weighing{col: r.Odds.Column, total: r.Odds.Attack, def: r.Odds.Defense, ok: true}
	}
	b.weighs[key] = w
	b.lastWeigh = w
	return w.col, w.ok
}

// weighKey names an attack by the hex, the defender and the attackers
// with their steps: the engine's answer holds while they are unchanged
// (the cache lives for one phase).
func (b *Bot) weighKey(hex int, atk []int) string {
	s := b.e.s
	k := make([]byte, 0, 5*(len(atk)+2))
	add := func(x int, reduced bool) {
		r := byte(0)
		if reduced {
			r = 1
		}
		k = append(k, byte(x), byte(x>>8), byte(x>>16), r, ',')
	}
	add(hex, false)
	if d := s.Occupant(hex); d >= 0 {
		add(d, s.Units[d].Reduced)
	}
	for _, a := range atk {
		add(a, s.Units[a].Reduced)
		add(s.Units[a].Hex, false)
	}
	return string(k)
}

// options proposes, for target t, the smallest set of attackers that
// reaches each column from the full set's down to the first, scored.
func (b *Bot) options(v *view, t *target) []option {
	n := len(t.atk)
	if n > 8 {
		n = 8
	}
	def := float64(v.s.Units[t.def].DefenseNow())
	allRiver := true
	for _, r := range t.river[:n] {
		allRiver = allRiver && r
	}
	best := map[int]option{}
	for mask := 1; mask < 1<<n; mask++ {
		var sum, cost float64
		river := true
		for i := 0; i < n; i++ {
			if mask&(1<<i) != 0 {
				sum += t.eff[i]
				cost += float64(v.s.Units[t.atk[i]].AttackNow())
				river = river && t.river[i]
			}
		}
		att := math.Ceil(sum*t.scale - 1e-9)
		idx := b.oddsIndex(att / math.Max(def, 0.5))
		if idx == 0 || tooWeakToStorm(v, t.hex, att, def) {
			continue
		}
		col := idx + t.shift
		if river && !allRiver {
			col-- // every attacker across a river (GDW: Terrain and Combat)
		}
		col = min(max(col, 1), len(b.ratios))
		if mask == 1<<n-1 {
			col = t.fullCol
		}
		if b.siegeFutile(v, t.hex, t.def, col) {
			continue
		}
		if o, ok := best[col]; ok && costOf(v, o.atk) <= cost {
			continue
		}
		var atk []int
		for i := 0; i < n; i++ {
			if mask&(1<<i) != 0 {
				atk = append(atk, t.atk[i])
			}
		}
		best[col] = option{def: t.def, hex: t.hex, atk: atk, col: col, exact: mask == 1<<n-1}
	}
	cols := make([]int, 0, len(best))
	for c := range best {
		cols = append(cols, c)
	}
	sort.Ints(cols)
	// a larger set is only kept when it reaches a higher column
	var out []option
	for i := len(cols) - 1; i >= 0; i-- {
		o := best[cols[i]]
		o.score = b.scoreAttack(v, o)
		out = append(out, o)
	}
	return out
}

func costOf(v *view, atk []int) float64 {
	var c float64
	for _, a := range atk {
		c += float64(v.s.Units[a].AttackNow())
	}
	return c
}

// scoreAttack is what an attack is worth, from the chances of the
// column's results: the defender's expected loss, plus the value of the
// hex and of what its loss opens, minus (1 - aggression) times the
// attacker's expected loss, minus caution times the exposure of the
// unit that would advance, minus a little for each attacker used.
func (b *Bot) scoreAttack(v *view, o option) float64 {
	s := v.s
	du := &s.Units[o.def]
	defWorth, defStep := worth(du), stepValue(du)
	steps := du.StepsLeft()
	stands := b.canStand(v, o.hex)
	var defLoss, attLoss, vacate, barren float64
	for _, oc := range b.column(o.col) {
		r := b.result(oc.code)
		var dl, al float64
		gone := false
		switch {
		case r.DefElim:
			dl, gone = defWorth, true
		default:
			taken := min(r.DefSteps, steps)
			dl = lossOfSteps(du, taken)
			left := steps - taken
			if left > 0 && r.Retreat > 0 {
				if r.Stand && stands {
					dl += lossAfter(du, taken, 1)
				} else {
					z, ok := b.retreatLoss(v, o.def, r.Retreat)
					switch {
					case !ok || z >= left:
						dl, gone = defWorth, true
					default:
						dl += lossAfter(du, taken, z)
						gone = true
					}
				}
			} else if left == 0 {
				gone = true
			}
			if r.Disperses {
				dl += defStep / 2
			}
		}
		if r.AttElim {
			al = costOf(v, o.atk)
		} else {
			if r.AttSteps > 0 {
				al += b.cheapestStep(v, o.atk)
			}
			if r.Exchange {
				al += math.Max(dl, b.cheapestStep(v, o.atk))
			}
		}
		defLoss += oc.p * dl
		attLoss += oc.p * al
		if al > 0 && dl == 0 && !gone {
			barren += oc.p
		}
		if gone {
			vacate += oc.p
		}
	}
	if barren > 0 && b.stance.stance == Defensive {
		// the defensive stance husbands its steps: an attack that may
		// cost a step for nothing (GDW's 1:1, the AL face) is made only
		// for what the tactics add (a pocket, a counterattack, a mop-up)
		return 0
	}
	d := v.doc
	gain := defLoss + vacate*b.hexGain(v, o)
	cost := (1-d.Aggression)*attLoss + 0.02*costOf(v, o.atk)
	if pst := v.postureAt(o.hex); pst == withdraw {
		cost *= 1.5
	} else if pst == attack {
		gain *= 1.15
	}
	return gain - cost
}

// lossOfSteps is the strength unit u loses with n steps from now.
func lossOfSteps(u *core.Unit, n int) float64 { return lossAfter(u, 0, n) }

// lossAfter is the strength unit u loses with n more steps after done.
func lossAfter(u *core.Unit, done, n int) float64 {
	return worthAfter(u, done) - worthAfter(u, done+n)
}

// worthAfter is unit u's strength after n more steps: full, half, gone.
func worthAfter(u *core.Unit, n int) float64 {
	switch {
	case n == 0:
		return worth(u)
	case n == 1 && !u.Reduced && u.HasHalf():
		return float64(u.Attack[1]+u.Defense[1]) / 2
	}
	return 0
}

// canStand reports whether a defender in hex h may stand instead of
// retreating: swamp, mountain, a fortress or a capital (GDW: Combat
// Results / DR; ADC2 the same without capitals).
func (b *Bot) canStand(v *view, h int) bool {
	switch v.m.Terrain[h] {
	case core.Swamp, core.Mountain:
		return true
	}
	if c, ok := v.m.City(h); ok {
		return c.Kind == core.Fortress || c.Capital != core.NoSide
	}
	return v.m.IsFortified(h) // a scenario's fortified line (scenario: [[fortification]])
}

// retreatLoss is the steps the defender k would lose on the retreat of
// n hexes the attacker picks (the most enemy zones of control among the
// legal ones); ok is false when it has no retreat and is eliminated.
func (b *Bot) retreatLoss(v *view, k, n int) (int, bool) {
	key := k*16 + n
	if r, ok := b.retreats[key]; ok && r.hex == v.s.Units[k].Hex {
		return r.zoc, r.ok
	}
	o := v.g.Rules.Retreat
	o.Hexes = n
	found, least, most := v.s.RetreatZOCs(k, o) // Retreats' zones, without listing them
	r := retreatInfo{hex: v.s.Units[k].Hex}
	if found > 0 {
		r.zoc, r.ok = most, true
		if v.g.Rules.RetreatAvoidZOC {
			r.zoc = least
		}
	}
	b.retreats[key] = r
	return r.zoc, r.ok
}

// retreatInfo is a defender's retreat as judged from hex.
type retreatInfo struct {
	hex, zoc int
	ok       bool
}

// forgetRetreats drops the retreats judged near hex h, where a battle
// has moved units (a retreat runs at most a few hexes; what it meets
// within eight hexes of h may have changed).
func (b *Bot) forgetRetreats(h int) {
	m := b.e.m
	for key, r := range b.retreats {
		if m.Distance(r.hex, h) <= 8 {
			delete(b.retreats, key)
		}
	}
}

// cheapestStep is the least strength one of atk loses with a step.
func (b *Bot) cheapestStep(v *view, atk []int) float64 {
	best := math.Inf(1)
	for _, a := range atk {
		best = math.Min(best, stepValue(&v.s.Units[a]))
	}
	return best
}

// hexGain is what taking the defender's hex is worth: its own value,
// the enemy units an advance there would cut off, and the pull of the
// objectives beyond, less the danger to the unit that advances.
func (b *Bot) hexGain(v *view, o option) float64 {
	h := o.hex
	g := float64(v.value[h])*0.5 + float64(v.pull[h])*0.05
	g += b.cutValue(v, h, o.def) * 0.5
	if len(o.atk) > 0 {
		best := o.atk[0]
		g -= v.doc.Caution * 0.3 * b.risk(v, best, h)
	}
	return math.Max(g, 0)
}

// cutValue is the strength of enemy units (other than skip) next to hex
// h that a friendly unit standing there would leave with no way out:
// every neighbour an enemy unit could retreat or move to held or
// watched by the side.
func (b *Bot) cutValue(v *view, h, skip int) float64 {
	s, m := v.s, v.m
	var val float64
	for _, nb := range m.Nbr[h] {
		if nb < 0 {
			continue
		}
		e := s.Occupant(int(nb))
		if e < 0 || e == skip || s.Units[e].Side != v.foe {
			continue
		}
		free := 0
		for _, x := range m.Nbr[nb] {
			if x < 0 || int(x) == h || m.Terrain[x].Water() {
				continue
			}
			if s.Occupant(int(x)) >= 0 || s.ZOC(v.side, int(x)) || isNbr(m, int(x), h) {
				continue
			}
			free++
		}
		if free == 0 {
			val += worth(&s.Units[e]) * v.doc.Encircle
		}
	}
	return val
}

func isNbr(m *core.Map, a, b int) bool {
	_, ok := m.Adjacent(a, b)
	return ok
}

// risk is the strength unit k can expect to lose standing in hex h when
// the enemy attacks it with what can reach it.
func (b *Bot) risk(v *view, k, h int) float64 {
	// the enemy shares what can reach among his targets: no more than
	// three strong units come for one hex
	t := math.Min(float64(v.threat[h]), 36)
	if t <= 0 {
		return 0
	}
	u := &v.s.Units[k]
	def := float64(u.DefenseNow()) * v.terrainMult(h)
	if def <= 0 {
		return worth(u)
	}
	return b.expLoss(t/def) * worth(u)
}

// expLoss is the share of its strength a defender expects to lose when
// attacked at ratio r, from the rules' CRT (retreats through no zone of
// control; a unit out of supply or surrounded loses more).
func (b *Bot) expLoss(r float64) float64 {
	i := b.oddsIndex(r)
	if i == 0 {
		return 0
	}
	return b.lossByCol[i-1]
}

// initCRT reads the CRT's column ratios and each column's expected loss
// for a two-step defender.
func (b *Bot) initCRT() {
	r := b.e.g.Rules
	b.ratios = b.ratios[:0]
	for _, c := range r.CRTColumns {
		b.ratios = append(b.ratios, crtRatio(c))
	}
	b.lossByCol = make([]float64, len(r.CRTColumns))
	for c := range r.CRTColumns {
		var l float64
		for _, oc := range b.column(c + 1) {
			res := b.result(oc.code)
			x := float64(res.DefSteps) * 0.5
			if res.DefElim {
				x = 1
			}
			if res.Disperses {
				x += 0.15
			}
			if res.Retreat > 0 {
				x += 0.1
			}
			l += oc.p * math.Min(x, 1)
		}
		b.lossByCol[c] = l
	}
}

// combat makes the side's attacks, best first, then ends the phase.
func (b *Bot) combat() error {
	e := b.e
	v := b.phaseView()
	for tries := 0; tries < 200; tries++ {
		if e.g.Over() || e.actor() != b.Side || e.g.Phase().Kind != interp.PhaseCombat {
			return nil
		}
		if e.pending() != nil {
			return nil // a decision: Play takes it
		}
		attacked, defended := e.fought()
		var opts []option
		for _, t := range b.targets(v, attacked, defended) {
			opts = append(opts, b.options(v, t)...)
		}
		b.tactics(v, opts)
		for i := range opts {
			opts[i].score += b.noise()
		}
		sort.SliceStable(opts, func(i, j int) bool { return opts[i].score > opts[j].score })
		done := false
		for i := 0; i < len(opts) && i < 6; i++ {
			o := opts[i]
			if o.score <= 0 {
				break
			}
			if !o.exact {
				col, ok := b.weighCached(o.hex, o.atk)
				if !ok {
					continue
				}
				if col != o.col {
					o.col, o.exact = col, true
					o.score = b.scoreAttack(v, o)
					if i+1 < len(opts) && o.score < opts[i+1].score {
						continue
					}
					if o.score <= 0 {
						continue
					}
				}
			}
			if err := e.attack(o.hex, o.atk); err != nil {
				if game.IsRefusal(err) {
					continue
				}
				return err
			}
			b.forgetRetreats(o.hex)
			b.note(o)
			done = true
			break
		}
		if !done {
			return b.endPhase()
		}
	}
	return b.endPhase()
}

// note counts the tactic that led to an attack.
func (b *Bot) note(o option) {
	if o.name == "" {
		o.name = "attack"
	}
	b.Tactics[o.name]++
}
