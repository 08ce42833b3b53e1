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
}

// Retreats lists every legal retreat of unit k, in a fixed order: paths
// that do not cross water or strait hexsides, never enter an enemy unit or
// a hex twice, end exactly Hexes from the start, and go farther only to
// leave a hex the unit may not end in (GDW: Combat Results / DR).
func (s *State) Retreats(k int, o RetreatOpts) []Retreat {
	m := s.Map
	u := &s.Units[k]
	if u.Status != OnMap {
		return nil
	}
	start := u.Hex
	var out []Retreat
	path := make([]int, 0, o.Hexes+o.MaxExtra)
	var walk func(a, zoc int)
	walk = func(a, zoc int) {
		n := len(path)
		if n >= o.Hexes {
			occ := s.Occupant(a)
			bad := occ >= 0 && occ != k && u.Stacks
			if o.AvoidZOCEnd && s.EnemyZOC(u.Side, a) {
				bad = true
			}
			if !bad {
				out = append(out, Retreat{Path: append([]int(nil), path...), ZOC: zoc})
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
			dist := m.Distance(start, b)
			if (n < o.Hexes && dist != n+1) || (n >= o.Hexes && dist < o.Hexes) || contains(path, b) {
				continue
			}
			z := zoc
			if s.EnemyZOC(u.Side, b) {
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
