package bot

import (
	"math"

	"gpw/core"
)

// A tactic is a named response to a recognised situation (Unity of
// Command's library of tactics). Movement tactics are terms of the score
// of a unit ending in a hex; attack tactics add to an attack's score;
// the rest (setup, reinforcement, rail, battle decisions) are steps of
// their phase. Each is a separate function with its own test
// (tactics_test.go); a level may leave some out (Level.Skip).

// moveTactic scores unit k ending its move in hex h, having passed path:
// static terms do not depend on where the other units stand, dynamic
// ones do (and are computed without the unit's own contribution).
type moveTactic struct {
	name    string
	text    string
	static  func(p *plan, k, h int, path []int) float64
	dynamic func(p *plan, k, h int) float64
}

// moveTactics are the movement tactics, in the order they are credited
// on a tie.
var moveTactics = []moveTactic{
	{name: "mass", text: "mass for the assault: stand next to the enemy units this turn's (or next turn's) attacks need, until the good odds are reached", dynamic: mass},
	{name: "encircle", text: "close the ring: stand where an enemy unit is left with no hex to retreat or move to", dynamic: encircle},
	{name: "hold-the-line", text: "hold a continuous line of zones of control at the depth that best uses terrain and rivers, deeper where the sector withdraws", dynamic: holdTheLine},
	{name: "plug-the-breach", text: "first close the gaps in the line that the enemy can reach next turn", dynamic: plugTheBreach},
	{name: "reserve", text: "keep a share of the units (the doctrine's reserve) one to three hexes behind a holding line, more where the sector's threat is greater", dynamic: reserve},
	{name: "front-allocation", text: "share the line's defence among the sectors in proportion to enemy threat × what each covers: move onto a sector short of its share, do not leave one", dynamic: frontAllocation},
	{name: "take-objectives", text: "take enemy cities and rail junctions by passing through them", static: takeObjectives},
	{name: "garrison", text: "hold threatened cities", static: garrison},
	{name: "guard-objectives", text: "send the nearest units toward objectives no unit can reach in a move, before the enemy comes for them", dynamic: guardObjectives},
	{name: "advance", text: "press toward the objectives in attacking sectors", static: advance},
	{name: "axis-of-advance", text: "drive at the objective of the unit's axis: the side's units are shared out among the enemy-held objectives by value, each taking those most on its side of the front, and keep their objective from turn to turn", static: axisOfAdvance},
	{name: "mop-up", text: "attack enemy units cut off behind the front with the units following the spearheads", dynamic: mopUp},
	{name: "river-line", text: "hold the river line: stand where terrain and rivers multiply the defence, where danger is", static: riverLine},
	{name: "keep-supply", text: "do not end out of supply", static: keepSupply},
	{name: "avoid-danger", text: "do not stand where the enemy can attack at good odds (caution)", static: avoidDanger},
	{name: "keep-support", text: "do not end a move more than four hexes from every other friendly unit where the enemy can attack (a lone spearhead dies)", static: keepSupport},
	{name: "withdraw", text: "fall back out of reach in sectors that cannot hold", static: withdrawTerm},
	{name: "march", text: "march toward the fighting when far from it", static: march},
	{name: "escape", text: "leave a hex where the unit is about to be surrounded", static: escape},
}

// otherTactics are the tactics that are steps of their phases.
var otherTactics = []struct{ name, text string }{
	{"assault", "attack where the CRT's chances favour it: expected enemy loss and ground gained against own expected loss"},
	{"pocket", "attack units that cannot retreat: every retreat result destroys them"},
	{"counterattack", "counterattack at 3:1 or better where the sector holds or withdraws"},
	{"breakthrough", "attack the defender whose hex opens the way into the enemy's rear"},
	{"setup", "set up by the movement scores: the line, the massing, terrain and danger"},
	{"reinforce-the-front", "place reinforcements where they reach the line soonest"},
	{"rebuild", "spend replacement points where they buy the most strength"},
	{"rear-security", "before moving the rest, send a garrison into each of the side's capitals, victory cities and fortresses the enemy can enter next turn, from the units farthest from the fighting, until its defence is the doctrine's share (garrison, a third) of the enemy strength that can reach it"},
	{"hold-the-city", "a capital or victory city of the side (its own or one taken) that the enemy can enter next turn keeps the units standing in it, up to a third of that enemy strength"},
	{"hold-the-ring", "the units next to such a city and not in contact with the enemy stay, strongest first, until the city's defence and theirs reach twice its garrison's want: each is a hex the enemy cannot attack from"},
	{"rail-to-front", "rail units far from the fighting to the front"},
	{"retreat-into-trap", "choose the defender's retreat through the most zones of control, to the weakest hex"},
	{"stand-fast", "stand instead of retreating when the retreat would cost as much, or the hex is worth it"},
	{"advance", "advance after combat where it cuts off enemy units or gains ground"},
}

// TacticNames lists every tactic's name and what it does.
func TacticNames() [][2]string {
	var out [][2]string
	for _, t := range moveTactics {
		out = append(out, [2]string{t.name, t.text})
	}
	for _, t := range otherTactics {
		if t.name != "advance" {
			out = append(out, [2]string{t.name, t.text})
		}
	}
	return out
}

// uses reports, by index into moveTactics, the tactics the level uses,
// read from the level once a plan.
func (p *plan) uses() []bool {
	if p.used == nil {
		p.used = make([]bool, len(moveTactics))
		for i := range moveTactics {
			p.used[i] = p.b.uses(moveTactics[i].name)
		}
	}
	return p.used
}

// staticScore sums the static terms of the tactics the level uses.
func (p *plan) staticScore(k, h int, path []int) float32 {
	var sc float64
	used := p.uses()
	for i := range moveTactics {
		t := &moveTactics[i]
		if t.static != nil && used[i] {
			sc += t.static(p, k, h, path)
		}
	}
	return float32(sc)
}

// dynamic sums the dynamic terms.
func (p *plan) dynamic(k, h int) float64 {
	var sc float64
	used := p.uses()
	for i := range moveTactics {
		t := &moveTactics[i]
		if t.dynamic != nil && used[i] {
			sc += t.dynamic(p, k, h)
		}
	}
	return sc
}

// why names the tactic that adds most to unit k's score in hex h.
func (p *plan) why(k, h int, path []int) string {
	best, bestScore := "advance", 0.0
	for i := range moveTactics {
		t := &moveTactics[i]
		if !p.b.uses(t.name) {
			continue
		}
		var sc float64
		if t.static != nil {
			sc = t.static(p, k, h, path)
			if u := &p.v.s.Units[k]; u.Status == core.OnMap && u.Hex != h {
				sc -= t.static(p, k, u.Hex, nil)
			}
		} else {
			sc = t.dynamic(p, k, h)
		}
		if sc > bestScore {
			best, bestScore = t.name, sc
		}
	}
	return best
}

// takeObjectives: what the hexes the unit takes are worth (control
// passes to the side that enters a hex last).
func takeObjectives(p *plan, k, h int, path []int) float64 {
	v := p.v
	var sc float64
	for _, x := range path {
		if v.s.Control[x] != v.side {
			sc += v.captureValue(x)
		}
	}
	if len(path) == 0 && v.s.Control[h] != v.side {
		sc += v.captureValue(h)
	}
	return sc
}

// captureValue is what taking hex h is worth: its value, less for a city
// that is no objective, halved where the enemy can take it back.
func (v *view) captureValue(h int) float64 {
	x := float64(v.value[h])
	if x <= 0 {
		return 0.05
	}
	if !v.key.Has(h) {
		x *= 0.5
	}
	if v.reach[h] > 0 {
		x *= 0.5
	}
	return x
}

// garrison: a threatened city of the side is worth standing in, more
// for a stronger defender; the hexes around an objective are worth a
// little (a ring keeps the enemy from massing against it).
func garrison(p *plan, k, h int, path []int) float64 {
	v := p.v
	if v.s.Control[h] != v.side {
		return 0
	}
	u := &v.s.Units[k]
	strength := math.Min(1.5, float64(u.DefenseNow())/8)
	var sc float64
	if v.value[h] >= float32(v.doc.MinorCity) {
		danger := math.Max(float64(v.threat[h]), float64(v.reach[h]))
		if v.key.Has(h) {
			danger = v.danger(h) // an objective is held before the enemy is near
		}
		w := 0.6
		if v.key.Has(h) {
			w = 1 // an objective is held at a cost
		}
		sc += float64(v.value[h]) * w * math.Min(1, danger/6) * strength
	}
	for _, nb := range v.m.Nbr[h] {
		if nb >= 0 && v.key.Has(int(nb)) && v.s.Control[nb] == v.side {
			sc += float64(v.value[nb]) * 0.12 * math.Min(1, float64(v.threat[nb])/12) * strength
		}
	}
	return sc
}

// guardObjectives: for each objective of the side that the enemy may
// come for and no friendly unit could reach in one move, the share of
// the way toward it the unit covers, times its worth.
func guardObjectives(p *plan, k, h int) float64 {
	v := p.v
	u := &v.s.Units[k]
	if u.Status != core.OnMap || u.AttackNow() == 0 {
		return 0
	}
	var sc float64
	for i, o := range p.keep {
		if p.keepCovered(i) {
			continue
		}
		from, to := v.m.Distance(u.Hex, o), v.m.Distance(h, o)
		if to >= from {
			continue
		}
		sc += float64(v.value[o]) * 0.3 * math.Min(1, v.danger(o)/6) * float64(from-to) / float64(from)
	}
	return sc
}

// advance: progress toward the objectives, strong in attacking sectors.
func advance(p *plan, k, h int, path []int) float64 {
	v := p.v
	u := &v.s.Units[k]
	gain := float64(v.pull[h])
	if u.Status == core.OnMap {
		gain -= float64(v.pull[u.Hex])
	}
	gain *= p.axisShare(k, h) // a unit of an axis drives at its own objective (axes.go)
	switch v.postureAt(h) {
	case attack:
		return gain * 0.35
	case hold:
		return gain * 0.15
	}
	return gain * 0.05
}

// riverLine: terrain and rivers that multiply the defence count where
// the enemy can attack.
func riverLine(p *plan, k, h int, path []int) float64 {
	v := p.v
	if v.threat[h] <= 0 {
		return 0
	}
	u := &v.s.Units[k]
	mult := v.terrainMult(h)
	return (mult - 1) * stepValue(u) * 0.6 * math.Min(1, float64(v.threat[h])/math.Max(1, float64(u.DefenseNow())*2))
}

// keepSupply: a unit out of supply moves and attacks at half strength.
func keepSupply(p *plan, k, h int, path []int) float64 {
	v := p.v
	if v.supOK.Has(h) {
		return 0
	}
	return -worth(&v.s.Units[k]) * 0.35
}

// avoidDanger: caution times the strength the unit expects to lose.
func avoidDanger(p *plan, k, h int, path []int) float64 {
	return -p.v.doc.Caution * p.b.risk(p.v, k, h)
}

// withdrawTerm: in a withdrawing sector, distance from the enemy.
func withdrawTerm(p *plan, k, h int, path []int) float64 {
	v := p.v
	if v.postureAt(h) != withdraw {
		return 0
	}
	return math.Min(float64(v.foeDist[h]), float64(2+v.doc.Depth)) * 0.5
}

// march: a unit far from the enemy closes in (up to three hexes from
// it), unless its sector withdraws.
func march(p *plan, k, h int, path []int) float64 {
	v := p.v
	u := &v.s.Units[k]
	if u.Status != core.OnMap || v.postureAt(h) == withdraw {
		return 0
	}
	from, to := float64(min(v.foeDist[u.Hex], 40)), float64(min(v.foeDist[h], 40))
	if from <= 4 {
		return 0
	}
	return (from - math.Max(to, 3)) * 0.25
}

// escape: a hex from which few free hexes lead away is a trap for a
// unit the enemy can reach.
func escape(p *plan, k, h int, path []int) float64 {
	v := p.v
	if v.threat[h] <= 0 {
		return 0
	}
	free := 0
	for _, nb := range v.m.Nbr[h] {
		if nb < 0 || v.m.Terrain[nb].Water() {
			continue
		}
		if !v.s.EnemyZOC(v.side, int(nb)) && !v.s.EnemyAt(v.side, int(nb)) {
			free++
		}
	}
	if free >= 2 {
		return 0
	}
	return -worth(&v.s.Units[k]) * 0.3 * float64(2-free)
}

// holdTheLine: the line hexes the unit watches (its hex and its zone of
// control) that no other unit watches yet.
func holdTheLine(p *plan, k, h int) float64 {
	if p.line == nil {
		return 0
	}
	var sc float64
	if x := p.line[h]; x > 0 && p.cover[h] == 0 {
		sc += float64(x)
	}
	for _, nb := range p.v.m.Nbr[h] {
		if nb >= 0 && p.line[nb] > 0 && p.cover[nb] == 0 {
			sc += float64(p.line[nb]) * 0.7
		}
	}
	return sc
}

// plugTheBreach: an unwatched line hex the enemy can enter next turn is
// a breach; closing it is worth half as much again as the line hex,
// more where the sector's threat is above the front's mean (pressure).
func plugTheBreach(p *plan, k, h int) float64 {
	if p.line == nil {
		return 0
	}
	v := p.v
	var sc float64
	check := func(x int) {
		if p.line[x] > 0 && p.cover[x] == 0 && v.reach[x] > 0 {
			sc += float64(p.line[x]) / 2 * p.front.pressure(int(v.sector[x]))
		}
	}
	check(h)
	for _, nb := range v.m.Nbr[h] {
		if nb >= 0 {
			check(int(nb))
		}
	}
	return sc
}

// reserve: while fewer units than a sector wants (the doctrine's share
// of the side's units, spread over the holding sectors by their threat)
// stand one to three hexes behind its line, a reserve's place there is
// worth a little; leaving one when there are too few costs as much.
func reserve(p *plan, k, h int) float64 {
	u := &p.v.s.Units[k]
	f := p.front
	if u.Status != core.OnMap || f == nil {
		return 0
	}
	in, was := f.reserveAt(p.v, h), f.reserveAt(p.v, u.Hex)
	if in == was {
		return 0
	}
	var sc float64
	if in >= 0 && f.resHave[in] < f.resWant[in] {
		sc += 1.5
	}
	if was >= 0 && f.resHave[was] <= f.resWant[was] {
		sc -= 1.5
	}
	return sc
}

// mass: the share of the good odds against each enemy unit next to h
// that the unit's attack adds, times what that unit is worth.
func mass(p *plan, k, h int) float64 {
	v := p.v
	s, m := v.s, v.m
	u := &s.Units[k]
	weight := 0.0
	switch {
	case p.pre:
		weight = 1
	case p.next && !p.movers[u.Class]:
		weight = 0.6
	case p.next:
		weight = 0.15
	}
	if weight == 0 || u.AttackNow() == 0 {
		return 0
	}
	a := float64(u.AttackNow())
	if !v.supOK.Has(h) {
		a /= 2
	}
	var sc float64
	for _, nb := range m.Nbr[h] {
		if nb < 0 {
			continue
		}
		e := s.Occupant(int(nb))
		if e < 0 || s.Units[e].Side != v.foe {
			continue
		}
		if v.postureAt(int(nb)) == withdraw && !p.pre {
			continue
		}
		need, have := float64(p.need[e]), float64(p.massed[e])
		if need <= 0 {
			continue
		}
		gain := (math.Min(have+a, need) - math.Min(have, need)) / need
		val := worth(&s.Units[e])*0.8 + float64(v.value[nb])*0.3
		if v.postureAt(int(nb)) == attack {
			val *= 1.3
		}
		sc += weight * gain * val
	}
	return sc
}

// encircle: enemy units next to h left with no way out.
func encircle(p *plan, k, h int) float64 {
	if !p.pre && !p.next {
		return 0
	}
	return p.b.cutValue(p.v, h, -1)
}

// attackTactic adds to the score of an attack option; it returns the
// bonus (0 when the situation is not its own).
type attackTactic struct {
	name string
	f    func(b *Bot, v *view, o *option) float64
}

var attackTactics = []attackTactic{
	{"pocket", pocket},
	{"counterattack", counterattack},
	{"breakthrough", breakthrough},
}

// tactics adds the attack tactics' bonuses to the options and names each
// option by the tactic that added most.
func (b *Bot) tactics(v *view, opts []option) {
	for i := range opts {
		o := &opts[i]
		best := 0.0
		o.name = "assault"
		for _, t := range attackTactics {
			if !b.uses(t.name) {
				continue
			}
			if x := t.f(b, v, o); x > 0 {
				o.score += x
				if x > best {
					best, o.name = x, t.name
				}
			}
		}
	}
}

// pocket: a defender that cannot retreat loses everything to any
// retreat result; and one out of supply fights at half strength.
func pocket(b *Bot, v *view, o *option) float64 {
	u := &v.s.Units[o.def]
	x := 0.0
	if _, ok := b.retreatLoss(v, o.def, 2); !ok {
		x += worth(u) * 0.3
	}
	if !v.foeSup.Has(o.hex) {
		x += worth(u) * 0.2
	}
	return x
}

// counterattack: where the sector holds or withdraws, strike back at 3:1
// or better.
func counterattack(b *Bot, v *view, o *option) float64 {
	if v.postureAt(o.hex) == attack || o.col < 1 || o.col > len(b.ratios) || b.ratios[o.col-1] < 3 {
		return 0
	}
	return worth(&v.s.Units[o.def]) * 0.25
}

// breakthrough: taking the hex opens the way when few other enemy units
// stand next to it.
func breakthrough(b *Bot, v *view, o *option) float64 {
	if v.postureAt(o.hex) != attack {
		return 0
	}
	others := 0
	for _, nb := range v.m.Nbr[o.hex] {
		if nb >= 0 {
			if e := v.s.Occupant(int(nb)); e >= 0 && e != o.def && v.s.Units[e].Side == v.foe {
				others++
			}
		}
	}
	if others > 1 {
		return 0
	}
	return float64(v.pull[o.hex]) * 0.05 * float64(2-others)
}
