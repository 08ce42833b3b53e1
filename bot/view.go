package bot

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"gpw/core"
	"gpw/game"
	"gpw/interp"
)

// view is one side's reading of the position at the start of a phase:
// influence maps built from the engine's state (units, map, zones of
// control, supply). It is for judging; legality comes from the engine.
type view struct {
	b         *Bot
	e         *engine
	g         *game.Game
	s         *core.State
	m         *core.Map
	side, foe core.Side
	doc       *Doctrine
	weather   string // this phase's weather
	mark      string // the turn's weather mark (combat)
	turn      int    // the turn's index (game.Turn builds its name: read it once)

	own, enemy []int // combat units on the map

	foeDist []int16 // hexes to the nearest enemy combat unit (over land)
	ownDist []int16 // hexes to the nearest friendly combat unit
	// threat is the enemy attack strength that can reach a hex's
	// neighbours before the enemy's next combat phase; reach the enemy
	// strength that can enter it in its next player turn.
	threat, reach []float32
	// supplied is where the side traces supply now; foeSup the enemy's;
	// supOK where a unit of the side would be in supply standing there
	// (a friendly unit opens an enemy zone of control to supply).
	supplied, foeSup, supOK core.Bitset
	// value is what holding each hex is worth to the side; pull spreads
	// the enemy-held and threatened objectives over the map.
	value, pull, guard []float32
	// key marks the objectives: the cities of the victory conditions and
	// the capitals
	key     core.Bitset
	sector  []int8 // each hex's front sector
	posture []posture
	// mult keeps terrainMult's answers (NaN: not asked yet); it depends on
	// foeDist, and is dropped when foeDist is replaced
	mult     []float64
	multDist []int16
	terrainT *terrainTable // the doctrine's terrain factors (terrainMultNow)
}

// posture is what a sector of the front does this turn.
type posture int8

const (
	hold posture = iota
	attack
	withdraw
)

func (p posture) String() string { return [...]string{"hold", "attack", "withdraw"}[p] }

// combatUnit reports whether unit k fights: on the map, stacking, with
// some attack or defence.
func combatUnit(u *core.Unit) bool {
	return u.Status == core.OnMap && u.Stacks && (u.AttackNow() > 0 || u.DefenseNow() > 0)
}

// newView reads the position for side.
func (b *Bot) newView(e *engine, side core.Side) *view {
	g := e.g
	turn := g.Turn()
	v := &view{b: b, e: e, g: g, s: e.s, m: e.m, side: side, foe: side.Enemy(), doc: &b.Doctrine,
		weather: g.Status().Weather, mark: turn.Weather, turn: turn.Index}
	for k := range v.s.Units {
		u := &v.s.Units[k]
		if !combatUnit(u) {
			continue
		}
		if u.Side == side {
			v.own = append(v.own, k)
		} else {
			v.enemy = append(v.enemy, k)
		}
	}
	n := v.m.Len()
	v.foeDist = v.distance(v.enemy)
	v.ownDist = v.distance(v.own)
	v.supplied = e.supply(side)
	v.foeSup = e.supply(v.foe)
	v.supOK = supplyIfHeld(v.m, v.s, side, v.supplied)
	// the enemy's threat, the objectives and the sectors are read once a
	// player turn: the enemy does not move in it, except by retreats
	key := fmt.Sprintf("%d/%s/%v", turn.Index, g.Phase().Side, g.InSetup())
	if t := b.turnView; t != nil && b.turnKey == key && t.side == side {
		v.threat, v.reach, v.value, v.pull, v.guard, v.key, v.sector, v.posture = t.threat, t.reach, t.value, t.pull, t.guard, t.key, t.sector, t.posture
		return v
	}
	v.threat = make([]float32, n)
	v.reach = make([]float32, n)
	v.threats()
	v.objectives()
	v.sectors()
	v.holdObjectives() // posture.go
	b.turnView, b.turnKey = v, key
	return v
}

// supplyIfHeld is where a unit of side would trace supply if it stood
// there: the hexes traced now, and those next to them across an open
// hexside that hold no enemy unit.
func supplyIfHeld(m *core.Map, s *core.State, side core.Side, traced core.Bitset) core.Bitset {
	out := append(core.Bitset(nil), traced...)
	traced.Each(func(a int) {
		for d := core.N; d <= core.NW; d++ {
			b := int(m.Nbr[a][d])
			if b < 0 || out.Has(b) || m.Blocked(a, d) || m.Terrain[b].Water() || s.EnemyAt(side, b) {
				continue
			}
			out.Set(b)
		}
	})
	return out
}

// distance is each hex's distance in hexes to the nearest of units,
// through land hexes (32767 when none). The answer is shared: the engine
// keeps the last few, by the hexes they were measured from.
func (v *view) distance(units []int) []int16 {
	src := make([]int, len(units))
	for i, k := range units {
		src[i] = v.s.Units[k].Hex
	}
	e := v.e
	for _, m := range e.dists {
		if m.d != nil && slices.Equal(m.src, src) {
			return m.d
		}
	}
	d := v.distanceFrom(src)
	e.dists[e.distNext] = distMemo{src, d}
	e.distNext = (e.distNext + 1) % len(e.dists)
	return d
}

// distMemo is a distance field and the hexes it was measured from.
type distMemo struct {
	src []int
	d   []int16
}

// distanceFrom is each hex's distance in hexes to the nearest of the
// hexes src, through land hexes (32767 when none). Callers do not change
// it: the field from a single hex is kept for the game (fieldFrom).
func (v *view) distanceFrom(src []int) []int16 {
	if len(src) == 1 {
		return v.b.fieldFrom(v, src[0])
	}
	return v.search(src)
}

// search is distanceFrom's search.
func (v *view) search(src []int) []int16 {
	m := v.m
	d := make([]int16, m.Len())
	for i := range d {
		d[i] = math.MaxInt16
	}
	q := v.b.queue[:0] // scratch, kept between searches
	for _, h := range src {
		if d[h] != 0 {
			d[h] = 0
			q = append(q, int32(h))
		}
	}
	for i := 0; i < len(q); i++ {
		a := q[i]
		for _, nb := range m.Nbr[a] {
			if nb >= 0 && d[nb] == math.MaxInt16 && m.OnMap[nb] && !m.Terrain[nb].Water() {
				d[nb] = d[a] + 1
				q = append(q, nb)
			}
		}
	}
	v.b.queue = q
	return d
}

// movePhases counts, for each movement class, the movement phases of
// side's player turn in which it moves.
func movePhases(g *game.Game, side core.Side) []int {
	out := make([]int, len(g.Rules.Classes))
	for i := range g.Rules.Phases {
		p := &g.Rules.Phases[i]
		if p.Side != side || p.Kind != interp.PhaseMove {
			continue
		}
		for c := range out {
			if p.Classes == nil || p.Classes[c] {
				out[c]++
			}
		}
	}
	return out
}

// moversBefore reports which movement classes of side move between the
// start of its player turn and its combat phase (from the rules'
// phases). A phase before combat that names no classes, in a player turn
// with another movement phase after combat, is taken to move only the
// armour and cavalry classes: the rules' hooks decide that (ADC2's
// circled movement allowances), and they cannot be asked ahead of time.
func moversBefore(g *game.Game, side core.Side) []bool {
	out := make([]bool, len(g.Rules.Classes))
	started, unlisted, later := false, false, false
	before := true
	for i := 0; i < 2*len(g.Rules.Phases); i++ {
		p := &g.Rules.Phases[i%len(g.Rules.Phases)]
		if p.Side != side {
			if started {
				break
			}
			continue
		}
		started = true
		if p.Kind == interp.PhaseCombat {
			before = false
			continue
		}
		if p.Kind != interp.PhaseMove {
			continue
		}
		if !before {
			later = true
			continue
		}
		for c := range out {
			out[c] = out[c] || p.Classes == nil || p.Classes[c]
		}
		unlisted = unlisted || p.Classes == nil
	}
	if unlisted && later {
		fast := make([]bool, len(out))
		found := false
		for c, name := range g.Rules.Classes {
			if name == "armor" || name == "cavalry" {
				fast[c], found = true, true
			}
		}
		if found {
			return fast
		}
	}
	return out
}

// threats fills threat: each enemy unit adds its attack to the hexes next
// to every hex it can reach before its next combat phase (its own hex
// only, for units that move after combat).
func (v *view) threats() {
	s, m := v.s, v.m
	movers := moversBefore(v.g, v.foe)
	phases := movePhases(v.g, v.foe)
	stamp := make([]int32, m.Len())
	for i := range stamp {
		stamp[i] = -1
	}
	mv := v.e.mv
	v.g.WeatherMover(mv, "clear")
	for _, k := range v.enemy {
		u := &s.Units[k]
		a := float32(u.AttackNow())
		if !v.foeSup.Has(u.Hex) {
			a /= 2
		}
		if a <= 0 {
			continue
		}
		mark := func(h int) {
			for _, nb := range m.Nbr[h] {
				if nb >= 0 && stamp[nb] != int32(k) {
					stamp[nb] = int32(k)
					v.threat[nb] += a
				}
			}
		}
		mp := u.MP
		if !v.foeSup.Has(u.Hex) {
			mp /= 2
		}
		if v.mark == "mud" {
			mp /= 2
		}
		n := phases[u.Class]
		if n == 0 {
			mark(u.Hex)
			continue
		}
		// one search for the whole player turn; what it reaches within
		// one phase's allowance is what can attack
		mv.Reach(k, mp*n)
		for _, h := range mv.Reached() {
			v.reach[h] += a
			if movers[u.Class] && mv.Spent(int(h)) <= mp {
				mark(int(h))
			}
		}
		if !movers[u.Class] {
			mark(u.Hex)
		}
	}
}

// objectives fills value (what each hex is worth) and pull (how strongly
// each hex draws the side's units: enemy-held objectives for the one,
// its own threatened ones for the other, fading with distance).
func (v *view) objectives() {
	m, s, d := v.m, v.s, v.doc
	n := m.Len()
	v.value = make([]float32, n)
	// a victory city is worth the doctrine's value times its conditions'
	// weight: 2 for a win or decisive result, 1 for a marginal one, times
	// the share of the listed cities the condition needs (all of a
	// required list)
	victory := map[string]float64{}
	for _, c := range v.g.Sc.Victory.Condition {
		w := 1.0
		if c.Result == "decisive" || c.Result == "win" || c.Result == "" {
			w = 2
		}
		share := 1.0
		if c.Count > 0 && len(c.Cities) > 0 {
			share = float64(c.Count) / float64(len(c.Cities))
		}
		for _, name := range c.Cities {
			if city, ok := m.FindCity(name); ok {
				victory[city.Name] += w * share
			}
		}
		for _, name := range c.Require {
			if city, ok := m.FindCity(name); ok {
				victory[city.Name] += w
			}
		}
	}
	v.key = core.NewBitset(n)
	for _, c := range m.Cities {
		var x float64
		switch c.Kind {
		case core.Minor:
			x = d.MinorCity
		default:
			x = d.MajorCity
		}
		if w, ok := victory[c.Name]; ok {
			x = math.Max(x, d.VictoryCity*w)
			v.key.Set(c.Hex)
		}
		if c.Capital != core.NoSide {
			x = math.Max(x, d.Capital)
			v.key.Set(c.Hex)
		}
		x += d.Objectives[c.Name]
		v.value[c.Hex] += float32(x)
	}
	for h := 0; h < n; h++ {
		if m.OnMap[h] && railDirs(m, h) >= 3 {
			v.value[h] += float32(d.RailJunction)
		}
	}
	// pull: objectives the enemy holds (to take) and own ones within the
	// enemy's reach (to keep), spread over 12 hexes; guard: the own ones
	// alone, which the line covers first.
	v.pull = make([]float32, n)
	v.guard = make([]float32, n)
	for h := 0; h < n; h++ {
		x := v.value[h]
		if x < float32(d.MajorCity) || !m.OnMap[h] {
			continue
		}
		if s.Control[h] == v.side {
			if v.foeDist[h] > 16 {
				continue
			}
			v.spread(v.guard, h, x)
			if v.foeDist[h] > 8 || !v.key.Has(h) {
				continue // the pull is toward the enemy's objectives and own ones under attack
			}
		}
		v.spread(v.pull, h, x)
	}
}

// danger is how much the enemy can bring against hex h next turn: what
// can attack it, what can enter it, at least what its distance from the
// enemy suggests.
func (v *view) danger(h int) float64 {
	x := math.Max(float64(v.threat[h]), float64(v.reach[h]))
	if d := float64(v.foeDist[h]); d < 24 {
		x = math.Max(x, 12*(1-d/24))
	}
	return x
}

// decay[d] is how much of an objective's pull is left d hexes away.
var decay = func() [13]float32 {
	var t [13]float32
	for d := range t {
		t[d] = float32(math.Pow(0.79, float64(d)))
	}
	return t
}()

// spread adds x, fading with distance (decay), around hex h to field f.
func (v *view) spread(f []float32, h int, x float32) {
	for _, r := range v.b.around(v.m, h) { // rings.go
		f[r.h] += x * decay[r.d]
	}
}

func railDirs(m *core.Map, h int) int {
	n := len(m.RailLink[h])
	for d := core.N; d <= core.NW; d++ {
		if m.Rail[h]&(1<<d) != 0 {
			n++
		}
	}
	return n
}

// sectors splits the front into sectors along its length and gives each
// a posture from the local force ratio, the weather and supply.
func (v *view) sectors() {
	m, s := v.m, v.s
	n := m.Len()
	v.sector = make([]int8, n)
	// the front runs across the line joining the two sides' centres
	var ox, oy, ex, ey float64
	for _, k := range v.own {
		x, y := hexXY(m, s.Units[k].Hex)
		ox, oy = ox+x, oy+y
	}
	for _, k := range v.enemy {
		x, y := hexXY(m, s.Units[k].Hex)
		ex, ey = ex+x, ey+y
	}
	if len(v.own) == 0 || len(v.enemy) == 0 {
		v.posture = []posture{hold}
		return
	}
	ox, oy, ex, ey = ox/float64(len(v.own)), oy/float64(len(v.own)), ex/float64(len(v.enemy)), ey/float64(len(v.enemy))
	nx, ny := ex-ox, ey-oy
	l := math.Hypot(nx, ny)
	if l == 0 {
		nx, ny, l = 1, 0, 1
	}
	px, py := -ny/l, nx/l // along the front
	const width = 7.0     // hexes per sector
	lo, hi := math.Inf(1), math.Inf(-1)
	for h := 0; h < n; h++ {
		if v.foeDist[h] <= 3 && v.ownDist[h] <= 3 {
			x, y := hexXY(m, h)
			t := x*px + y*py
			lo, hi = math.Min(lo, t), math.Max(hi, t)
		}
	}
	if lo > hi {
		lo, hi = 0, 0
	}
	count := int(math.Ceil((hi-lo)/width)) + 1
	if count > 100 {
		count = 100
	}
	for h := 0; h < n; h++ {
		x, y := hexXY(m, h)
		i := int(math.Floor((x*px + y*py - lo) / width))
		v.sector[h] = int8(min(max(i, 0), count-1))
	}
	ownS, foeS := make([]float64, count), make([]float64, count)
	outS := make([]float64, count)
	// the units that can reach the front this turn count, those that can
	// in two turns half (frontNear)
	for _, k := range v.own {
		u := &s.Units[k]
		w := frontNear(v.foeDist[u.Hex], u.MP)
		ownS[v.sector[u.Hex]] += w * float64(u.AttackNow())
		if !v.supplied.Has(u.Hex) {
			outS[v.sector[u.Hex]] += w * float64(u.AttackNow())
		}
	}
	for _, k := range v.enemy {
		u := &s.Units[k]
		foeS[v.sector[u.Hex]] += frontNear(v.ownDist[u.Hex], u.MP) * float64(u.DefenseNow())
	}
	need := v.doc.AttackRatio
	if v.mark == "mud" || v.mark == "snow" {
		need *= 1.5
	}
	v.posture = make([]posture, count)
	for i := range v.posture {
		r := ownS[i] / math.Max(foeS[i], 1)
		switch {
		case foeS[i] == 0:
			v.posture[i] = attack // nothing in the way
		case ownS[i] == 0:
			v.posture[i] = hold // nothing there yet to withdraw
		case outS[i] > ownS[i]/2 || r < v.doc.WithdrawRatio:
			v.posture[i] = withdraw
		case r >= need:
			v.posture[i] = attack
		default:
			v.posture[i] = hold
		}
	}
}

// hexXY is a hex's centre on a plane, one unit between neighbours.
func hexXY(m *core.Map, h int) (float64, float64) {
	a := m.Hex(h)
	return float64(a.Q) * 0.866, float64(a.R) + float64(a.Q)/2
}

// postureAt is the posture of the sector of hex h.
func (v *view) postureAt(h int) posture { return v.posture[v.sector[h]] }

// terrainMult is how much the terrain of hex h multiplies a defender's
// strength there, for estimates (the doctrine's terrain table).
func (v *view) terrainMult(h int) float64 {
	if v.mult == nil || !sameField(v.multDist, v.foeDist) {
		v.multTable()
	}
	if x := v.mult[h]; !math.IsNaN(x) {
		return x
	}
	x := v.terrainMultNow(h)
	v.mult[h] = x
	return x
}

// multTable gives the view terrainMult's answers for its foeDist: those
// a view of the same map, doctrine and enemy distances kept (the engine's
// last, shared: the enemy does not move in a player turn), or a new table.
func (v *view) multTable() {
	mm := &v.e.mults
	if mm.mult != nil && mm.m == v.m && mm.doc == v.doc && sameField(mm.dist, v.foeDist) {
		v.mult, v.multDist = mm.mult, mm.dist
		return
	}
	v.mult, v.multDist = make([]float64, v.m.Len()), v.foeDist
	for i := range v.mult {
		v.mult[i] = math.NaN()
	}
	*mm = multMemo{m: v.m, doc: v.doc, dist: v.foeDist, mult: v.mult}
}

// multMemo is a terrainMult table and what it was made for.
type multMemo struct {
	m    *core.Map
	doc  *Doctrine
	dist []int16
	mult []float64
}

// sameField reports whether a and b are the same distance field (the
// same array, not equal contents).
func sameField(a, b []int16) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// terrainTable is the doctrine's terrain table read once a view, by
// terrain and city kind (terrainMultNow asks it per hex).
type terrainTable struct {
	terrain    [core.NumTerrain]float64
	hasTerrain [core.NumTerrain]bool
	kind       [core.Fortress + 1]float64
	hasKind    [core.Fortress + 1]bool
	river      float64
}

func newTerrainTable(t map[string]float64) *terrainTable {
	tt := &terrainTable{river: t["river"]}
	for i := range tt.terrain {
		tt.terrain[i], tt.hasTerrain[i] = t[core.Terrain(i).String()]
	}
	for i := range tt.kind {
		tt.kind[i], tt.hasKind[i] = t[core.CityKind(i).String()]
	}
	return tt
}

// terrainMultNow computes terrainMult.
func (v *view) terrainMultNow(h int) float64 {
	if v.terrainT == nil {
		v.terrainT = newTerrainTable(v.doc.Terrain)
	}
	t := v.terrainT
	x := 1.0
	if tr := v.m.Terrain[h]; t.hasTerrain[tr] {
		x = t.terrain[tr]
	}
	if c, ok := v.m.City(h); ok || v.m.IsFortified(h) {
		kind := c.Kind
		if c.Capital != core.NoSide || v.m.IsFortified(h) { // a scenario's fortified line counts as a fortress
			kind = core.Fortress
		}
		if t.hasKind[kind] {
			x = math.Max(x, x*t.kind[kind])
		}
	}
	// a river on every side the enemy comes from
	if v.m.River[h] != 0 {
		front, river := 0, 0
		for d, nb := range v.m.Nbr[h] {
			if nb >= 0 && v.foeDist[nb] < v.foeDist[h] {
				front++
				if v.m.River[h]&(1<<d) != 0 {
					river++
				}
			}
		}
		if front > 0 && river == front {
			x *= t.river
		}
	}
	return x
}

// stepValue is the strength unit k loses with its next step.
func stepValue(u *core.Unit) float64 {
	if !u.Reduced && u.HasHalf() {
		return float64(u.Attack[0]-u.Attack[1]+u.Defense[0]-u.Defense[1]) / 2
	}
	return float64(u.AttackNow()+u.DefenseNow()) / 2
}

// worth is unit k's whole strength.
func worth(u *core.Unit) float64 { return float64(u.AttackNow()+u.DefenseNow()) / 2 }

// crtRatio reads a column label ("3:1", "1:2", "3:2") as a number.
func crtRatio(label string) float64 {
	a, b, ok := strings.Cut(label, ":")
	if !ok {
		return 0
	}
	x, err1 := strconv.ParseFloat(a, 64)
	y, err2 := strconv.ParseFloat(b, 64)
	if err1 != nil || err2 != nil || y == 0 {
		return 0
	}
	return x / y
}
