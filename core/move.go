package core

import (
	"fmt"
	"slices"
)

// Entry costs in a MoveRules table that are not a number of points.
const (
	CostNo   int8 = -1 // the class may not enter the terrain
	CostStop int8 = -2 // the class must stop on entering (GDW: swamp, mountain for armour)
)

// MoveRules is the movement part of a rules module, compiled into arrays
// once so that no Lua runs per hex.
type MoveRules struct {
	// Cost is indexed by unit class, then terrain.
	Cost        [][NumTerrain]int8
	RiverExtra  int    // added for crossing a river hexside
	RiverBy     []int  // by class, when the rules price rivers by class (nil: RiverExtra)
	StraitExtra int    // added for crossing a strait
	StraitNo    []bool // by class: may not cross a strait
	StraitLimit int    // crossings per side per turn; 0 means no limit
	// Weathers are what each weather does to movement, by weather index
	// (Mover.Weather, Mover.Zone). Index 0 is no weather: the costs above.
	// nil: every weather moves as index 0.
	Weathers []WeatherMove
}

// WeatherMove is what one weather does to movement, compiled from the
// rules once: entry costs by class and terrain (cheaper or dearer than
// the rules' own), the river crossing, MP added to every hex entered,
// and the unit kinds it leaves alone (they move as in no weather).
type WeatherMove struct {
	Name    string
	Cost    [][NumTerrain]int8 // by class
	River   int
	RiverBy []int // by class (nil: River)
	Extra   int
	Exempt  map[string]bool
}

// unitWeather is one weather's costs for the unit being moved.
type unitWeather struct {
	cost         *[NumTerrain]int8
	river, extra int
}

// RuleError is a refusal: what was wrong and the key of the rule that
// forbids it, which the rules module turns into a citation.
type RuleError struct {
	Rule string
	Msg  string
}

func (e *RuleError) Error() string { return e.Msg }

func refuse(rule, format string, a ...any) *RuleError {
	return &RuleError{Rule: rule, Msg: fmt.Sprintf(format, a...)}
}

// Mover finds and checks ground movement for one side at a time. It owns
// scratch buffers, so one Mover must not be used by two goroutines.
type Mover struct {
	S     *State
	Rules *MoveRules
	// Extra is added to the cost of every hex entered (snow: +1).
	Extra int
	// MayShare, when set, lets unit k end its move on the stacking unit
	// occupant for now (ADC2: a friend that will move out in the same
	// phase); the caller checks the stack later.
	MayShare func(k, occupant int) bool
	// Closed are the hexes each side's units may not enter (nil: none),
	// e.g. a neutral country (gpw special rules: Barbarossa, Finland).
	Closed [2]Bitset
	// Weather is the index into Rules.Weathers of the weather on every
	// hex; Zone, when set, gives each hex's own instead (weather by region).
	Weather int
	Zone    []uint8

	// the costs of each weather for the unit last prepared (prep)
	uw       []unitWeather
	uwClass  int
	uwKind   string
	uwRules  *MoveRules
	uwWeathN int

	spent   []int16
	parent  []int32
	stopped Bitset
	buckets [][]int32
	touched []int32
}

// NewMover makes a Mover over s.
func NewMover(s *State, r *MoveRules) *Mover {
	n := s.Map.Len()
	mv := &Mover{S: s, Rules: r, spent: make([]int16, n), parent: make([]int32, n), stopped: NewBitset(n)}
	for i := range mv.spent {
		mv.spent[i] = -1
	}
	return mv
}

// refusal says why step refused a hex; noRefusal when it did not.
type refusal uint8

const (
	noRefusal refusal = iota
	refOffMap
	refWaterHex
	refWaterSide
	refEnemy
	refTerrain
	refStraitClass
	refStraitLimit
	refMP
	refClosed
)

// step checks one hex entered from a in direction d by unit u, which has
// spent points so far of mp. It returns the cost of the step and whether
// the unit must stop there, or why it may not enter (the cost is then set
// only for refMP). It formats nothing: Reach calls it for every hexside
// it looks across, and explain turns a refusal into a RuleError.
func (mv *Mover) step(u *Unit, a int, d Dir, spent, mp int, first bool, straits int) (int, bool, refusal) {
	m := mv.S.Map
	b := int(m.Nbr[a][d])
	if b < 0 {
		return 0, false, refOffMap
	}
	if m.Terrain[b].Water() {
		return 0, false, refWaterHex
	}
	strait := m.Strait[a]&(1<<d) != 0
	if m.WaterSide[a]&(1<<d) != 0 && !strait {
		return 0, false, refWaterSide
	}
	if mv.S.EnemyAt(u.Side, b) {
		return 0, false, refEnemy
	}
	if cl := mv.Closed[u.Side]; cl != nil && cl.Has(b) {
		return 0, false, refClosed
	}
	r := mv.Rules
	w := mv.Weather
	if mv.Zone != nil {
		w = int(mv.Zone[b])
	}
	uw := &mv.uw[w]
	c := uw.cost[m.Terrain[b]]
	if c == CostNo {
		return 0, false, refTerrain
	}
	cost := int(c)
	stop := c == CostStop
	if stop {
		cost = 1
	}
	if m.River[a]&(1<<d) != 0 {
		cost += uw.river
	}
	if strait {
		if r.StraitNo != nil && r.StraitNo[u.Class] {
			return 0, false, refStraitClass
		}
		if r.StraitLimit > 0 && mv.S.StraitUsed[u.Side]+straits >= r.StraitLimit {
			return 0, false, refStraitLimit
		}
		cost += r.StraitExtra
	}
	cost += mv.Extra + uw.extra
	if spent+cost > mp && !first {
		return cost, false, refMP
	}
	if stop {
		cost = max(cost, mp-spent)
	}
	if first && cost > mp {
		cost = max(mp, 0) // a unit may always move one hex
		stop = true
	}
	if mv.S.EnemyZOC(u.Side, b) {
		stop = true
	}
	return cost, stop, noRefusal
}

// prep makes the unit's costs in each weather: its class's entry costs,
// river crossing and added MP, or no weather's for a kind the weather
// exempts. It is done once per unit, not per hex.
func (mv *Mover) prep(u *Unit) {
	r := mv.Rules
	if mv.uwRules == r && mv.uwClass == u.Class && mv.uwKind == u.Kind && mv.uwWeathN == len(r.Weathers) && mv.uw != nil {
		return
	}
	mv.uwRules, mv.uwClass, mv.uwKind, mv.uwWeathN = r, u.Class, u.Kind, len(r.Weathers)
	none := unitWeather{cost: &r.Cost[u.Class], river: r.RiverExtra}
	if r.RiverBy != nil {
		none.river = r.RiverBy[u.Class]
	}
	mv.uw = append(mv.uw[:0], none)
	for i := 1; i < len(r.Weathers); i++ {
		w := &r.Weathers[i]
		if w.Exempt[u.Kind] {
			mv.uw = append(mv.uw, none)
			continue
		}
		e := unitWeather{cost: none.cost, river: w.River, extra: w.Extra}
		if w.Cost != nil {
			e.cost = &w.Cost[u.Class]
		}
		if w.RiverBy != nil {
			e.river = w.RiverBy[u.Class]
		}
		mv.uw = append(mv.uw, e)
	}
}

// WeatherAt is the weather index of hex h for this mover (Weather, or the
// hex's Zone).
func (mv *Mover) WeatherAt(h int) int {
	if mv.Zone != nil && h >= 0 {
		return int(mv.Zone[h])
	}
	return mv.Weather
}

// explain words a refusal of step(u, a, d, spent, mp, ...), which asked
// cost for the step.
func (mv *Mover) explain(why refusal, u *Unit, a int, d Dir, cost, spent, mp int) *RuleError {
	m := mv.S.Map
	b := int(m.Nbr[a][d])
	switch why {
	case refOffMap:
		return refuse("off-map", "%s leads off the map", m.ID(a))
	case refWaterHex:
		return refuse("water", "%s is a %s hex: no ground unit may enter it", m.ID(b), m.Terrain[b])
	case refWaterSide:
		return refuse("water", "the hexside %s-%s is lake or sea: no ground unit may cross it", m.ID(a), m.ID(b))
	case refEnemy:
		return refuse("enemy-unit", "%s holds the enemy unit %s: units may not move through enemy units", m.ID(b), mv.S.Units[mv.S.EnemyIn(u.Side, b)].ID)
	case refTerrain:
		return refuse("terrain", "%s units may not enter %s (%s)", u.Kind, m.ID(b), m.Terrain[b])
	case refStraitClass:
		return refuse("strait-class", "%s units may not cross the straits %s-%s", u.Kind, m.ID(a), m.ID(b))
	case refStraitLimit:
		return refuse("strait-limit", "%s has already used its %d crossing(s) of the straits this turn", u.Side, mv.Rules.StraitLimit)
	case refMP:
		return refuse("mp", "entering %s costs %d MP and only %d of %d are left", m.ID(b), cost, mp-spent, mp)
	case refClosed:
		return refuse("closed", "%s (%s) is closed to %s units", m.ID(b), m.CountryOf(b), u.Side)
	}
	return nil
}

// PathResult is a checked ground move.
type PathResult struct {
	MP      int // points spent
	Straits int // strait hexsides crossed
}

// CheckPath checks that unit k can move along path (the hexes entered, in
// order) with mp movement points, and returns the points it spends.
func (mv *Mover) CheckPath(k int, path []int, mp int) (PathResult, error) {
	s, m := mv.S, mv.S.Map
	u := &s.Units[k]
	if u.Status != OnMap {
		return PathResult{}, refuse("not-on-map", "%s is not on the map", u.ID)
	}
	if len(path) == 0 {
		return PathResult{}, refuse("path", "a move needs at least one hex")
	}
	mv.prep(u)
	var res PathResult
	cur, stopped := u.Hex, false
	for n, b := range path {
		if stopped {
			why, rule := "it entered an enemy zone of control", "zoc-stop"
			if !s.EnemyZOC(u.Side, cur) {
				why, rule = fmt.Sprintf("it may not go on after entering %s", m.Terrain[cur]), "stop-terrain"
				if mv.uw[mv.WeatherAt(cur)].cost[m.Terrain[cur]] != CostStop {
					why, rule = "it has no movement points left", "mp"
				}
			}
			return PathResult{}, refuse(rule, "%s must stop in %s: %s", u.ID, m.ID(cur), why)
		}
		d, ok := m.Adjacent(cur, b)
		if !ok {
			return PathResult{}, refuse("path", "%s does not touch %s: a path goes hex by hex", m.ID(b), m.ID(cur))
		}
		cost, stop, why := mv.step(u, cur, d, res.MP, mp, n == 0, res.Straits)
		if why != noRefusal {
			return PathResult{}, mv.explain(why, u, cur, d, cost, res.MP, mp)
		}
		if m.Strait[cur]&(1<<d) != 0 {
			res.Straits++
		}
		res.MP += cost
		cur, stopped = b, stop
	}
	if o := s.Occupant(cur); o >= 0 && o != k && u.Stacks && (mv.MayShare == nil || !mv.MayShare(k, o)) {
		return PathResult{}, refuse("stack", "%s may not end its move in %s, which holds %s", u.ID, m.ID(cur), s.Units[o].ID)
	}
	if cur == u.Hex {
		return PathResult{}, refuse("path", "%s would end where it started", u.ID)
	}
	return res, nil
}

// Reach computes every hex unit k can reach with mp movement points. Read
// the answer with Spent, CanEnd and Path until the next call.
func (mv *Mover) Reach(k int, mp int) {
	s, m := mv.S, mv.S.Map
	for _, i := range mv.touched {
		mv.spent[i] = -1
		mv.stopped.Unset(int(i))
	}
	mv.touched = mv.touched[:0]
	u := &s.Units[k]
	if u.Status != OnMap {
		return
	}
	mv.prep(u)
	start := u.Hex
	if len(mv.buckets) < mp+2 {
		mv.buckets = append(mv.buckets, make([][]int32, mp+2-len(mv.buckets))...)
	}
	mv.spent[start], mv.parent[start] = 0, -1
	mv.touched = append(mv.touched, int32(start))
	mv.buckets[0] = append(mv.buckets[0][:0], int32(start))
	for c := 1; c < len(mv.buckets); c++ {
		mv.buckets[c] = mv.buckets[c][:0]
	}
	for c := 0; c <= mp; c++ {
		for q := 0; q < len(mv.buckets[c]); q++ {
			a := int(mv.buckets[c][q])
			if int(mv.spent[a]) != c || mv.stopped.Has(a) {
				continue
			}
			for d := N; d <= NW; d++ {
				b := int(m.Nbr[a][d])
				if b < 0 {
					continue
				}
				if old := mv.spent[b]; old >= 0 && int(old) <= c {
					continue // reached already as cheaply: no step costs less than nothing
				}
				cost, stop, why := mv.step(u, a, d, c, mp, a == start, 0)
				if why != noRefusal {
					continue
				}
				nc := c + cost
				if old := mv.spent[b]; old >= 0 && int(old) <= nc {
					continue
				}
				if mv.spent[b] < 0 {
					mv.touched = append(mv.touched, int32(b))
				}
				mv.spent[b], mv.parent[b] = int16(nc), int32(a)
				if stop || nc >= mp {
					mv.stopped.Set(b)
				} else {
					mv.stopped.Unset(b)
					mv.buckets[nc] = append(mv.buckets[nc], int32(b))
				}
			}
		}
	}
}

// Spent is the least cost to reach hex i in the last Reach, or -1.
func (mv *Mover) Spent(i int) int { return int(mv.spent[i]) }

// Reached lists the hexes of the last Reach, start included, in the order
// they were first found.
func (mv *Mover) Reached() []int32 { return mv.touched }

// CanEnd reports whether the unit of the last Reach may end its move in i.
func (mv *Mover) CanEnd(k, i int) bool {
	// Not spent > 0: a unit with 0 MP may still move one hex at no cost.
	if mv.spent[i] < 0 || i == mv.S.Units[k].Hex {
		return false
	}
	o := mv.S.Occupant(i)
	return o < 0 || o == k || !mv.S.Units[k].Stacks || (mv.MayShare != nil && mv.MayShare(k, o))
}

// Path returns the cheapest path found by the last Reach to hex i, start
// excluded; nil when the last Reach did not reach i.
func (mv *Mover) Path(i int) []int {
	if mv.spent[i] < 0 {
		return nil // parent[i] may be left from an earlier Reach
	}
	n := 0
	for j := i; mv.parent[j] >= 0; j = int(mv.parent[j]) {
		n++
	}
	if n == 0 {
		return nil
	}
	p := make([]int, n)
	for j := i; mv.parent[j] >= 0; j = int(mv.parent[j]) {
		n--
		p[n] = j
	}
	return p
}

// PathLen is the length of the path Path(i) returns.
func (mv *Mover) PathLen(i int) int {
	if mv.spent[i] < 0 {
		return 0
	}
	n := 0
	for j := i; mv.parent[j] >= 0; j = int(mv.parent[j]) {
		n++
	}
	return n
}

// AppendPath appends the path Path(i) returns to dst: many paths kept
// end to end in one buffer, not one allocation a path.
func (mv *Mover) AppendPath(dst []int, i int) []int {
	n := mv.PathLen(i)
	if n == 0 {
		return dst // parent[i] may be left from an earlier Reach
	}
	dst = slices.Grow(dst, n)
	end := len(dst) + n
	dst = dst[:end]
	for j := i; mv.parent[j] >= 0; j = int(mv.parent[j]) {
		end--
		dst[end] = j
	}
	return dst
}

// Back calls f with each hex of the path Path(i) returns, from i back to
// the first hex after the start, until f returns false.
func (mv *Mover) Back(i int, f func(h int) bool) {
	if mv.spent[i] < 0 {
		return
	}
	for j := i; mv.parent[j] >= 0; j = int(mv.parent[j]) {
		if !f(j) {
			return
		}
	}
}

// Move moves unit k along a checked path, marking every hex entered.
func (s *State) Move(k int, path []int, straits int) {
	u := &s.Units[k]
	for _, h := range path {
		s.Occupy(k, h)
	}
	s.Relocate(k, path[len(path)-1])
	s.StraitUsed[u.Side] += straits
}
