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
	w := s.newRetreatWalk(k, o)
	if w == nil {
		return nil
	}
	w.list = true
	w.walk(w.start, 0)
	return w.out
}

// RetreatZOCs is what Retreats says of unit k's retreats without listing
// them: how many there are (at most the first maxRetreats, as Retreats
// keeps), and the least and most enemy zones of control one enters (0
// and 0 when there is none). It allocates nothing.
func (s *State) RetreatZOCs(k int, o RetreatOpts) (n, least, most int) {
	w := s.newRetreatWalk(k, o)
	if w == nil {
		return 0, 0, 0
	}
	w.walk(w.start, 0)
	return w.found, w.least, w.most
}

// retreatWalk is one search of a unit's retreats (Retreats).
type retreatWalk struct {
	s        *State
	k, start int
	o        RetreatOpts
	// path is buf[:n], the hexes walked so far
	buf    [2 * MaxRetreatHexes]int
	n      int
	visits int
	// found counts the retreats found; least and most are the fewest
	// and most enemy zones of control one of them enters.
	found, least, most int
	// list keeps each retreat in out. Its path is cut from flat, a buffer
	// for many paths, not one allocation a path, with its capacity
	// capped: when flat grows, the paths cut before keep the old array,
	// which nothing writes to again.
	list bool
	out  []Retreat
	flat []int
}

// newRetreatWalk starts a search of unit k's retreats under o (nil for a
// unit off the map).
func (s *State) newRetreatWalk(k int, o RetreatOpts) *retreatWalk {
	u := &s.Units[k]
	if u.Status != OnMap {
		return nil
	}
	o.Hexes = min(max(o.Hexes, 0), MaxRetreatHexes)
	o.MaxExtra = min(max(o.MaxExtra, 0), MaxRetreatHexes)
	return &retreatWalk{s: s, k: k, start: u.Hex, o: o}
}

// walk goes on from hex a, having entered zoc enemy zones of control.
func (w *retreatWalk) walk(a, zoc int) {
	if w.visits++; w.visits > maxRetreatVisits || w.found >= maxRetreats {
		return
	}
	s, o := w.s, &w.o
	m := s.Map
	n := w.n
	if n >= o.Hexes {
		if s.mayEndRetreat(w.k, a, *o) {
			w.add(zoc)
			return
		}
		if n >= o.Hexes+o.MaxExtra {
			return
		}
	}
	side := s.Units[w.k].Side
	for d := N; d <= NW; d++ {
		b := int(m.Nbr[a][d])
		if b < 0 || b == w.start || m.Blocked(a, d) || m.Strait[a]&(1<<d) != 0 || s.EnemyAt(side, b) {
			continue
		}
		if cl := o.Closed[side]; cl != nil && cl.Has(b) {
			continue
		}
		dist := m.Distance(w.start, b)
		if (n < o.Hexes && dist != n+1) || (n >= o.Hexes && dist < o.Hexes) || contains(w.buf[:n], b) {
			continue
		}
		z := zoc
		if s.RetreatEntersZOC(side, b, *o) {
			z++
		}
		w.buf[n], w.n = b, n+1
		w.walk(b, z)
		w.n = n
	}
}

// add counts the retreat along the path walked, entering zoc enemy zones
// of control, and keeps it when the walk lists them.
func (w *retreatWalk) add(zoc int) {
	if w.found == 0 || zoc < w.least {
		w.least = zoc
	}
	if w.found == 0 || zoc > w.most {
		w.most = zoc
	}
	w.found++
	if !w.list {
		return
	}
	r := Retreat{ZOC: zoc}
	if n := w.n; n > 0 {
		if w.flat == nil {
			w.flat = make([]int, 0, 8*n)
		}
		from := len(w.flat)
		w.flat = append(w.flat, w.buf[:n]...)
		r.Path = w.flat[from:len(w.flat):len(w.flat)]
	}
	w.out = append(w.out, r)
}

func contains(p []int, x int) bool {
	for _, v := range p {
		if v == x {
			return true
		}
	}
	return false
}
