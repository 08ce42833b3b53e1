package bot

import (
	"container/heap"
	"math"
	"slices"

	"gpw/core"
	"gpw/interp"
)

// cand is a hex a unit may end in, with the part of its score that does
// not change as other units move.
type cand struct {
	h      int32
	static float32
}

// plan places or moves a set of units one at a time, best gain first
// (a lazy greedy assignment): each unit's candidate hexes are scored by
// the tactics' terms, some of which (the line's coverage, the strength
// massed against each target) change as units are placed.
type plan struct {
	b     *Bot
	v     *view
	units []int
	cands [][]cand
	stay  []bool // the unit's own hex is a candidate (a move; not a placement)
	// pre: the side attacks after this phase (mass for the assault);
	// next: it attacks next turn (close up).
	pre, next bool
	line      []float32 // hexes the side wants watched, by value
	cover     []int16   // friendly units in or next to each hex
	massed    []float32 // attack next to each enemy unit (by unit)
	need      []float32 // attack wanted against each enemy unit
	movers    []bool    // classes that move before the side's combat phase
	// exec carries out unit i's choice of hex h; false when the engine
	// refused it (the hex is then dropped).
	exec func(i int, h int) bool
	// credit names the tactic a choice serves, for counting.
	credit func(i int, h int) string
	// stayBonus is added to a unit's score where it stands (rail: its
	// own distance from the front).
	stayBonus []float32
	// keep lists the side's objectives the enemy may come for.
	keep []int
	// front is the side's front by sector (front.go): the line and
	// reserve strength each sector has and wants
	front  *front
	meanMP float64 // the side's units' mean movement points (spearhead)
	used   []bool  // the move tactics the level uses (tactics.go)
	// keepCover remembers covered's answer for each of keep (0: not
	// asked since a unit last moved, 1: no, 2: yes)
	keepCover []int8
}

// goodRatio is the attack ratio the bot masses for: the first CRT column
// where the attacker rarely loses and the defender usually suffers.
func (b *Bot) goodRatio() float64 {
	for c := range b.ratios {
		var attP, effect float64
		for _, oc := range b.column(c + 1) {
			r := b.result(oc.code)
			if r.AttSteps > 0 || r.AttElim || r.Exchange {
				attP += oc.p
			}
			if r.DefElim || r.DefSteps > 0 || r.Retreat > 0 {
				effect += oc.p
			}
		}
		if attP <= 0.2 && effect >= 0.8 && b.ratios[c] > 0 {
			return b.ratios[c]
		}
	}
	return 3
}

func newPlan(b *Bot, v *view) *plan {
	p := &plan{b: b, v: v}
	n := v.m.Len()
	p.cover = make([]int16, n)
	for _, k := range v.own {
		p.addCover(v.s.Units[k].Hex, 1)
	}
	p.massed = make([]float32, len(v.s.Units))
	p.need = make([]float32, len(v.s.Units))
	good := b.goodRatio()
	for _, e := range v.enemy {
		u := &v.s.Units[e]
		p.need[e] = float32(float64(u.DefenseNow()) * v.terrainMult(u.Hex) * good)
	}
	for _, k := range v.own {
		p.mass(k, v.s.Units[k].Hex, 1)
	}
	p.movers = moversBefore(v.g, v.side)
	for h, x := range v.value {
		if x > 0 && v.key.Has(h) && v.s.Control[h] == v.side && v.danger(h) > 0 {
			p.keep = append(p.keep, h)
		}
	}
	if b.uses("front-allocation") || b.uses("reserve") {
		p.front = newFront(p)
	}
	p.lineHexes() // after the front: its pressure weighs the line
	return p
}

// covered reports whether a friendly unit stands in objective o or can
// reach it in one move (by distance).
func (p *plan) covered(o int) bool {
	s, m := p.v.s, p.v.m
	if k := s.Occupant(o); k >= 0 {
		return s.Units[k].Side == p.v.side
	}
	for _, k := range p.v.own {
		u := &s.Units[k]
		if u.Status == core.OnMap && m.Distance(u.Hex, o) <= u.MP {
			return true
		}
	}
	return false
}

// keepCovered is covered(p.keep[i]), asked once between moves.
func (p *plan) keepCovered(i int) bool {
	if len(p.keepCover) != len(p.keep) {
		p.keepCover = make([]int8, len(p.keep))
	}
	if c := p.keepCover[i]; c != 0 {
		return c == 2
	}
	ok := p.covered(p.keep[i])
	p.keepCover[i] = 1
	if ok {
		p.keepCover[i] = 2
	}
	return ok
}

func (p *plan) addCover(h int, d int16) {
	p.cover[h] += d
	for _, nb := range p.v.m.Nbr[h] {
		if nb >= 0 {
			p.cover[nb] += d
		}
	}
}

// mass adds (sign 1) or takes away (-1) unit k's attack, standing in h,
// from the enemy units next to h.
func (p *plan) mass(k, h int, sign float32) {
	s := p.v.s
	a := float32(s.Units[k].AttackNow()) * sign
	if a == 0 {
		return
	}
	for _, nb := range p.v.m.Nbr[h] {
		if nb < 0 {
			continue
		}
		if e := s.Occupant(int(nb)); e >= 0 && s.Units[e].Side == p.v.foe {
			p.massed[e] += a
		}
	}
}

// lineHexes marks the hexes a holding or withdrawing sector wants
// watched: a band at some distance in front of the enemy, chosen per
// sector (lineDepths), worth more in front of threatened objectives.
func (p *plan) lineHexes() {
	v := p.v
	m := v.m
	p.line = make([]float32, m.Len())
	if !p.b.uses("hold-the-line") {
		return
	}
	depth := p.lineDepths()
	for h := range p.line {
		if !m.OnMap[h] || m.Terrain[h].Water() || v.s.Control[h] != v.side {
			continue
		}
		want := depth[v.sector[h]]
		if want == 0 {
			continue
		}
		if d := v.foeDist[h]; d == want || d == want+1 {
			x := lineBase + min(float32(v.guard[h])/10, 2) + float32(v.value[h])/10
			if d == want+1 {
				x *= 0.6
			}
			p.line[h] = x
		}
	}
}

// lineDepths chooses, for each holding or withdrawing sector, how far
// from the enemy its line runs (0 for an attacking sector): two hexes
// (out of reach of units that move only after combat), or deeper where
// the band is shorter and its terrain and rivers defend better; at
// least 2 + depth hexes where the sector withdraws.
func (p *plan) lineDepths() []int16 {
	v := p.v
	m := v.m
	const far = 12
	n := len(v.posture)
	count := make([][far + 2]float64, n)
	mult := make([][far + 2]float64, n)
	for h := range v.foeDist {
		d := v.foeDist[h]
		if d < 2 || d > far+1 || !m.OnMap[h] || m.Terrain[h].Water() || v.s.Control[h] != v.side {
			continue
		}
		sec := v.sector[h]
		count[sec][d]++
		mult[sec][d] += v.terrainMult(h)
	}
	out := make([]int16, n)
	for sec, pst := range v.posture {
		if pst == attack {
			continue
		}
		lo := 2
		if pst == withdraw {
			lo = 2 + v.doc.Depth
		}
		best, bestScore := lo, math.Inf(-1)
		for d := lo; d <= min(lo+6, far); d++ {
			c := count[sec][d]
			if c == 0 {
				continue
			}
			score := 2*mult[sec][d]/c - c/20 - 0.4*float64(d-lo)
			if score > bestScore {
				best, bestScore = d, score
			}
		}
		out[sec] = int16(best)
	}
	smoothDepths(v, out) // front.go: one line across the sectors' seams
	return out
}

// gain is unit i's best candidate and how much better it is than
// staying (or, for a placement, than nothing).
func (p *plan) gain(i int) (int, float64) {
	v := p.v
	k := p.units[i]
	u := &v.s.Units[k]
	cur := u.Hex
	onMap := u.Status == core.OnMap
	if onMap {
		p.addCover(cur, -1)
		p.mass(k, cur, -1)
		defer func() {
			p.addCover(cur, 1)
			p.mass(k, cur, 1)
		}()
	}
	base := math.Inf(-1)
	if p.stay[i] {
		base = float64(p.staticScore(k, cur, nil)) + p.dynamic(k, cur)
		if p.stayBonus != nil {
			base += float64(p.stayBonus[cur])
		}
	}
	best, bestScore := -1, base
	for _, c := range p.cands[i] {
		h := int(c.h)
		if c.h < 0 || (v.s.Occupant(h) >= 0 && v.s.Units[k].Stacks) {
			continue
		}
		sc := float64(c.static) + p.dynamic(k, h) + p.b.noise()*0.3
		if sc > bestScore+1e-6 {
			best, bestScore = h, sc
		}
	}
	if best < 0 {
		return -1, 0
	}
	if !p.stay[i] {
		return best, bestScore + 1000 // a placement always happens
	}
	return best, bestScore - base
}

// run assigns the units, best gain first, until no unit gains by moving.
func (p *plan) run() {
	q := &gainQueue{}
	for i := range p.units {
		if h, g := p.gain(i); h >= 0 && g > 0.05 {
			heap.Push(q, gainItem{i, g})
		}
	}
	for q.Len() > 0 {
		it := heap.Pop(q).(gainItem)
		h, g := p.gain(it.i)
		if h < 0 || g <= 0.05 {
			continue
		}
		if q.Len() > 0 && g+1e-9 < (*q)[0].g {
			heap.Push(q, gainItem{it.i, g})
			continue
		}
		k := p.units[it.i]
		from := p.v.s.Units[k].Hex
		onMap := p.v.s.Units[k].Status == core.OnMap
		name := ""
		if p.credit != nil {
			name = p.credit(it.i, h)
		}
		ok := p.exec(it.i, h)
		clear(p.keepCover) // units may have moved
		if !ok {
			for j := range p.cands[it.i] {
				if int(p.cands[it.i][j].h) == h {
					p.cands[it.i][j].h = -1
				}
			}
			heap.Push(q, gainItem{it.i, g})
			continue
		}
		if name != "" {
			p.b.Tactics[name]++
		}
		if onMap {
			p.addCover(from, -1)
			p.mass(k, from, -1)
			if p.front != nil {
				p.front.add(p, k, from, -1)
			}
		}
		if p.v.s.Units[k].Status == core.OnMap {
			to := p.v.s.Units[k].Hex
			p.addCover(to, 1)
			p.mass(k, to, 1)
			if p.front != nil {
				p.front.add(p, k, to, 1)
			}
		}
	}
}

func (p *plan) adjacentEnemy(h int) bool {
	s := p.v.s
	for _, nb := range p.v.m.Nbr[h] {
		if nb >= 0 {
			if e := s.Occupant(int(nb)); e >= 0 && s.Units[e].Side == p.v.foe {
				return true
			}
		}
	}
	return false
}

type gainItem struct {
	i int
	g float64
}

type gainQueue []gainItem

func (q gainQueue) Len() int { return len(q) }
func (q gainQueue) Less(a, b int) bool {
	if q[a].g != q[b].g {
		return q[a].g > q[b].g
	}
	return q[a].i < q[b].i
}
func (q gainQueue) Swap(a, b int) { q[a], q[b] = q[b], q[a] }
func (q *gainQueue) Push(x any)   { *q = append(*q, x.(gainItem)) }
func (q *gainQueue) Pop() any {
	old := *q
	x := old[len(old)-1]
	*q = old[:len(old)-1]
	return x
}

// attacksLater reports whether the side's combat phase comes later in
// this player turn (the phase is a move before combat).
func attacksLater(v *view) bool {
	ph := v.g.Rules.Phases
	cur := v.g.Phase()
	i := 0
	for j := range ph {
		if ph[j].ID == cur.ID {
			i = j
		}
	}
	for j := i + 1; j < len(ph) && ph[j].Side == v.side; j++ {
		if ph[j].Kind == interp.PhaseCombat {
			return true
		}
	}
	return false
}

// move plans and makes the side's moves in a movement phase, then ends
// it.
func (b *Bot) move() error {
	e := b.e
	v := b.newView(e, b.Side)
	held, moved := b.secureRear(v) // rear.go
	if moved {
		v = b.newView(e, b.Side)
	}
	p := newPlan(b, v)
	p.pre = attacksLater(v)
	p.next = !p.pre
	for _, k := range v.own {
		if held[k] || b.kept[k] {
			continue
		}
		// the engine's legal destinations (engine.dests)
		ds := e.dests(k)
		if ds == nil {
			continue
		}
		// paths matter only where a hex worth taking lies within reach
		paths := false
		for _, d := range ds {
			if v.value[d.Hex] > 0 && v.s.Control[d.Hex] != v.side {
				paths = true
				break
			}
		}
		cs := make([]cand, 0, len(ds))
		for _, d := range ds {
			var path []int
			if paths {
				path = d.Path
			}
			cs = append(cs, cand{h: int32(d.Hex), static: p.staticScore(k, d.Hex, path)})
		}
		cs = prune(p, cs)
		p.units = append(p.units, k)
		p.cands = append(p.cands, cs)
		p.stay = append(p.stay, true)
	}
	p.exec = func(i, h int) bool {
		k := p.units[i]
		path := e.pathTo(k, h) // legal now, as the engine lists it
		if path == nil {
			return false
		}
		why := p.why(k, h, path) // before the move takes what it passes
		if e.move(k, path) != nil {
			return false
		}
		b.Tactics[why]++
		return true
	}
	p.run()
	// non-combat units (leaders) follow the strongest friend near them
	b.moveFollowers(v)
	return b.endPhase()
}

// prune keeps a unit's most promising candidates: the best by static
// score, and every hex where the dynamic terms may add (next to an enemy
// unit or on the line).
func prune(p *plan, cs []cand) []cand {
	sortCands(cs) // rings.go: stable, as sort.SliceStable was
	// the hexes nearest each objective to guard
	var near []int32
	for _, o := range p.keep {
		best, bestD := -1, 0
		for i, c := range cs {
			if d := p.v.m.Distance(int(c.h), o); best < 0 || d < bestD {
				best, bestD = i, d
			}
		}
		if best >= 0 {
			near = append(near, cs[best].h)
		}
	}
	var out []cand
	for i, c := range cs {
		h := int(c.h)
		if i < 14 || slices.Contains(near, c.h) || p.adjacentEnemy(h) || (p.line != nil && (p.line[h] > 0 || nearLine(p, h))) {
			out = append(out, c)
		}
		if len(out) >= 48 {
			break
		}
	}
	return out
}

func nearLine(p *plan, h int) bool {
	for _, nb := range p.v.m.Nbr[h] {
		if nb >= 0 && p.line[nb] > 0 {
			return true
		}
	}
	return false
}

// moveFollowers moves the side's non-combat units that may move (such
// as leaders) next to its strongest combat units near them.
func (b *Bot) moveFollowers(v *view) {
	e := b.e
	s := v.s
	for k := range s.Units {
		u := &s.Units[k]
		if u.Side != v.side || u.Stacks || u.Status != core.OnMap {
			continue
		}
		best, bestScore := -1, 0.0
		var bestPath []int
		for _, d := range e.dests(k) {
			h := d.Hex
			o := s.Occupant(h)
			if o < 0 || s.Units[o].Side != v.side {
				continue
			}
			sc := float64(s.Units[o].AttackNow()) - b.risk(v, o, h)*0.5 + float64(v.pull[h])*0.05
			if cur := s.Occupant(u.Hex); cur >= 0 {
				sc -= float64(s.Units[cur].AttackNow())
			}
			if sc > bestScore {
				best, bestScore, bestPath = h, sc, d.Path
			}
		}
		if best >= 0 {
			_ = e.move(k, bestPath)
		}
	}
}
