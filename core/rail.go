package core

import (
	"slices"
	"sync"
)

// RailOpts are a variant's limits on one rail move.
type RailOpts struct {
	// Friendly is the rail friendliness at the start of the phase
	// (GDW: Movement / rail lines: friendly at the start of the phase).
	Friendly []Side
	// NoEnemyZOC forbids passing through or ending in an enemy zone of
	// control (ADC2: Rail Movement Phase).
	NoEnemyZOC bool
	// ZOCStop stops a rail move on entering an enemy zone of control: it
	// may end in the first such hex but not pass through it; leaving one
	// it starts in is allowed (GDW: Zones of Control / Movement).
	ZOCStop bool
	// Closed are the hexes the moving side may not enter (nil: none).
	Closed Bitset
}

// railNext calls f for each rail neighbour of hex a, in a fixed order.
func (m *Map) railNext(a int, f func(b int)) {
	for d := N; d <= NW; d++ {
		if m.Rail[a]&(1<<d) != 0 {
			f(int(m.Nbr[a][d]))
		}
	}
	for _, b := range m.RailLink[a] {
		f(b)
	}
}

// RailPath finds the rail path of unit k to hex dst, start excluded.
func (s *State) RailPath(k, dst int, o RailOpts) ([]int, error) {
	m := s.Map
	u := &s.Units[k]
	side := u.Side
	switch {
	case u.Status != OnMap:
		return nil, refuse("not-on-map", "%s is not on the map", u.ID)
	case !m.IsRail(u.Hex):
		return nil, refuse("rail-start", "%s is not on a rail hex (%s): rail movement starts on a rail line", u.ID, m.ID(u.Hex))
	case dst == u.Hex:
		return nil, refuse("path", "%s is already in %s", u.ID, m.ID(dst))
	case !m.IsRail(dst):
		return nil, refuse("rail-line", "%s is not a rail hex", m.ID(dst))
	case s.EnemyAt(side, dst):
		return nil, refuse("enemy-unit", "%s holds an enemy unit", m.ID(dst))
	case o.Friendly[dst] != side:
		return nil, refuse("rail-friendly", "%s is not friendly to the %s player: %s moved through or occupied it last", m.ID(dst), side, side.Enemy())
	case o.NoEnemyZOC && s.EnemyZOC(side, dst):
		return nil, refuse("rail-zoc", "%s is in an enemy zone of control", m.ID(dst))
	}
	if occ := s.Occupant(dst); occ >= 0 && u.Stacks {
		return nil, refuse("stack", "%s may not end its move in %s, which holds %s", u.ID, m.ID(dst), s.Units[occ].ID)
	}
	ok, stop := s.railRules(side, o)
	if p := s.railSearch(u.Hex, dst, ok, stop); p != nil {
		return p, nil
	}
	// Explain: find any rail connection and name the first hex that bars it.
	p := s.railSearch(u.Hex, dst, func(int) bool { return true }, nil)
	if p == nil {
		return nil, refuse("rail-line", "no rail line joins %s and %s", m.ID(u.Hex), m.ID(dst))
	}
	for _, b := range p {
		switch {
		case s.EnemyAt(side, b):
			return nil, refuse("enemy-unit", "%s lies on the way and holds an enemy unit", m.ID(b))
		case o.Friendly[b] != side:
			return nil, refuse("rail-friendly", "%s lies on the way and is not friendly to the %s player", m.ID(b), side)
		case o.NoEnemyZOC && s.EnemyZOC(side, b):
			return nil, refuse("rail-zoc", "%s lies on the way and is in an enemy zone of control", m.ID(b))
		case o.Closed != nil && o.Closed.Has(b):
			return nil, refuse("closed", "%s (%s) is closed to %s units", m.ID(b), m.CountryOf(b), side)
		case o.ZOCStop && b != dst && s.EnemyZOC(side, b):
			return nil, refuse("rail-zoc-stop", "%s lies on the way and is in an enemy zone of control: a unit entering one stops there", m.ID(b))
		}
	}
	return nil, refuse("rail-friendly", "every rail route from %s to %s passes hexes not friendly to the %s player", m.ID(u.Hex), m.ID(dst), side)
}

// RailRoutes are the rail moves open to one unit: where it may end and
// the path to each, from one search.
type RailRoutes struct {
	from   int
	parent []int32
	Dests  []int // in map order
}

// RailReach finds unit k's rail routes under o (RailPath finds the same
// paths); no destinations when it stands off a rail line.
func (s *State) RailReach(k int, o RailOpts) *RailRoutes {
	m := s.Map
	u := &s.Units[k]
	r := &RailRoutes{from: u.Hex}
	if u.Status != OnMap || !m.IsRail(u.Hex) {
		return r
	}
	ok, stop := s.railRules(u.Side, o)
	r.parent = s.railTree(u.Hex, ok, stop)
	for b, p := range r.parent {
		if p >= 0 && b != u.Hex && (!u.Stacks || s.Occupant(b) < 0) {
			r.Dests = append(r.Dests, b)
		}
	}
	return r
}

// Path is the path to dst, start excluded (nil when not reached).
func (r *RailRoutes) Path(dst int) []int {
	if r.parent == nil || r.parent[dst] < 0 {
		return nil
	}
	var p []int
	for x := dst; x != r.from; x = int(r.parent[x]) {
		p = append(p, x)
	}
	slices.Reverse(p)
	return p
}

// railRules are the hexes a rail move of side may enter (ok) and those it
// stops in (stop, nil for none) under o.
func (s *State) railRules(side Side, o RailOpts) (ok, stop func(int) bool) {
	ok = func(b int) bool {
		return o.Friendly[b] == side && !s.EnemyAt(side, b) && !(o.NoEnemyZOC && s.EnemyZOC(side, b)) && (o.Closed == nil || !o.Closed.Has(b))
	}
	if o.ZOCStop {
		stop = func(b int) bool { return s.EnemyZOC(side, b) }
	}
	return ok, stop
}

// railTree is a breadth-first search over the rail graph from hex from
// through hexes that pass ok, going on from none that pass stop (nil: none
// stop, the start excepted). parent[b] is the hex b was reached from (from
// for its neighbours, from's own entry is from), -1 for a hex not reached.
func (s *State) railTree(from int, ok, stop func(int) bool) []int32 {
	return s.railTreeIn(nil, from, ok, stop)
}

// railTreeIn is railTree in the array parent when it has room.
func (s *State) railTreeIn(parent []int32, from int, ok, stop func(int) bool) []int32 {
	m := s.Map
	if cap(parent) < m.Len() {
		parent = make([]int32, m.Len())
	}
	parent = parent[:m.Len()]
	for i := range parent {
		parent[i] = -1
	}
	parent[from] = int32(from)
	queue := make([]int32, 1, 64)
	queue[0] = int32(from)
	for q := 0; q < len(queue); q++ {
		a := int(queue[q])
		if a != from && stop != nil && stop(a) {
			continue
		}
		// railNext's order, written out: no closure a hex
		for d := N; d <= NW; d++ {
			if m.Rail[a]&(1<<d) != 0 {
				if b := int(m.Nbr[a][d]); parent[b] < 0 && ok(b) {
					parent[b] = int32(a)
					queue = append(queue, int32(b))
				}
			}
		}
		for _, b := range m.RailLink[a] {
			if parent[b] < 0 && ok(b) {
				parent[b] = int32(a)
				queue = append(queue, int32(b))
			}
		}
	}
	return parent
}

// railSearch returns the path to dst (start excluded) in railTree's
// search, or nil.
func (s *State) railSearch(from, dst int, ok, stop func(int) bool) []int {
	buf, _ := railTrees.Get().(*[]int32)
	if buf == nil {
		buf = new([]int32)
	}
	r := &RailRoutes{from: from, parent: s.railTreeIn(*buf, from, ok, stop)}
	p := r.Path(dst)
	*buf = r.parent
	railTrees.Put(buf)
	return p
}

// railTrees keeps railTree's arrays for the searches that keep no tree
// (railSearch), which would otherwise allocate one a rail check.
var railTrees sync.Pool
