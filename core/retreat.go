package core

// Retreat is one legal retreat path and the enemy zones of control it enters.
type Retreat struct {
	Path []int
	ZOC  int
}

// RetreatOpts are the variant's retreat rules.
type RetreatOpts struct {
	Hexes    int // how far: the unit must end this many hexes from its hex
	MaxExtra int // how many more hexes it may go to find a hex it may end in
	// AvoidZOCEnd extends a retreat that would end in an enemy zone of
	// control, as well as one that would end on a friend (ADC2: Retreat).
	AvoidZOCEnd bool
	// StackWith and StackAlone are how many non-stacking blocking units
	// (ADC2's airborne) a hex may hold beside a stacking unit and with
	// none, the retreating unit counted; a retreat may not end where it
	// would break them, nor on a second stacking unit (ADC2: Retreat,
	// Stacking Limits). Both 0: a retreat never ends on a friendly unit
	// (GDW: Combat Results / DR).
	StackWith, StackAlone int
	// FriendOpensZOC: an enemy-ZOC hex occupied by a friendly unit counts
	// as no zone of control for the retreat (House CRT card: Retreat
	// Routes; only the retreating unit is under attack).
	FriendOpensZOC bool
	// Closed are the hexes each side's units may not enter (nil: none).
	Closed [2]Bitset
}

// RetreatEntersZOC reports whether a retreat of a side's unit entering
// hex i enters an enemy zone of control, under o.
func (s *State) RetreatEntersZOC(side Side, i int, o RetreatOpts) bool {
	return s.EnemyZOC(side, i) && !(o.FriendOpensZOC && s.Held(side, i))
}

// mayEndRetreat reports whether unit k may end a retreat in hex i: not in
// an enemy zone of control when o says so, and within the stacking limits.
func (s *State) mayEndRetreat(k, i int, o RetreatOpts) bool {
	u := &s.Units[k]
	if o.AvoidZOCEnd && s.EnemyZOC(u.Side, i) {
		return false
	}
	stack := 0
	if occ := s.Occupant(i); occ >= 0 && occ != k {
		stack = 1
	}
	extra := int(s.present[u.Side][i]) - stack // non-stacking blocking friends
	switch {
	case u.Stacks:
		stack++
	case u.Blocks():
		extra++
	}
	if stack > 1 {
		return false
	}
	if stack == 1 {
		return extra <= o.StackWith
	}
	return extra <= o.StackAlone
}

// Bounds of a retreat search, whatever the rules ask: a retreat of
// MaxRetreatHexes and as many more to find a hex to end in has millions of
// paths on an open map. The search visits at most maxRetreatVisits hexes
// and keeps the first maxRetreats retreats, in its fixed order.
const (
	MaxRetreatHexes  = 6
	maxRetreatVisits = 1 << 16
	maxRetreats      = 1024
)

// Retreats lists every legal retreat of unit k, in a fixed order: paths
// that do not cross water or strait hexsides, never enter an enemy unit or
// a hex twice, end exactly Hexes from the start, and go farther only to
// leave a hex the unit may not end in (GDW: Combat Results / DR). Each
// counts the enemy zones of control it enters (RetreatEntersZOC). Hexes
// and MaxExtra are taken within 0..MaxRetreatHexes, and the search is
// bounded (maxRetreatVisits).
func (s *State) Retreats(k int, o RetreatOpts) []Retreat {
	m := s.Map
	u := &s.Units[k]
	if u.Status != OnMap {
		return nil
	}
	o.Hexes = min(max(o.Hexes, 0), MaxRetreatHexes)
	o.MaxExtra = min(max(o.MaxExtra, 0), MaxRetreatHexes)
	start := u.Hex
	var out []Retreat
	// The paths found are kept end to end in flat, a buffer for many
	// paths, not one allocation a path. Each Path is cut from it with its
	// capacity capped; when flat grows, the paths cut before keep the old
	// array, which nothing writes to again.
	var flat []int
	path := make([]int, 0, o.Hexes+o.MaxExtra)
	visits := 0
	var walk func(a, zoc int)
	walk = func(a, zoc int) {
		if visits++; visits > maxRetreatVisits || len(out) >= maxRetreats {
			return
		}
		n := len(path)
		if n >= o.Hexes {
			if s.mayEndRetreat(k, a, o) {
				if flat == nil && n > 0 {
					flat = make([]int, 0, 8*n)
				}
				from := len(flat)
				flat = append(flat, path...)
				r := Retreat{ZOC: zoc}
				if n > 0 {
					r.Path = flat[from:len(flat):len(flat)]
				}
				out = append(out, r)
				return
			}
			if n >= o.Hexes+o.MaxExtra {
				return
			}
		}
		for d := N; d <= NW; d++ {
			b := int(m.Nbr[a][d])
			if b < 0 || b == start || m.Blocked(a, d) || m.Strait[a]&(1<<d) != 0 || s.EnemyAt(u.Side, b) {
				continue
			}
			if cl := o.Closed[u.Side]; cl != nil && cl.Has(b) {
				continue
			}
			dist := m.Distance(start, b)
			if (n < o.Hexes && dist != n+1) || (n >= o.Hexes && dist < o.Hexes) || contains(path, b) {
				continue
			}
			z := zoc
			if s.RetreatEntersZOC(u.Side, b, o) {
				z++
			}
			path = append(path, b)
			walk(b, z)
			path = path[:n]
		}
	}
	walk(start, 0)
	return out
}

func contains(p []int, x int) bool {
	for _, v := range p {
		if v == x {
			return true
		}
	}
	return false
}
