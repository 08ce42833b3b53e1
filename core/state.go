package core

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

// State is a position: units, hex occupancy, zones of control, control of
// hexes and rail friendliness. It knows nothing of phases or rules.
type State struct {
	Map   *Map
	Units []Unit

	byID map[string]int
	occ  []int16 // the combat unit in each hex, -1 for none
	// head and next list the units on each hex: head[h] is the first,
	// next[k] the one after unit k (-1 ends a list).
	head []int16
	next []int16
	zoc  [2][]uint8
	// present counts each side's units in a hex that block the enemy
	// (Unit.Blocks): combat units that stack and those that do not, such
	// as ADC2's airborne units and partisans.
	present [2][]uint8
	// passive counts the units of present that do not occupy
	// (Unit.NoOccupy): they bar the enemy but open no supply line. Nil
	// until a side has such a unit on the map (GDW never does).
	passive [2][]uint8

	// Control is the side controlling each hex.
	Control []Side
	// RailOwner is the side a rail hex is friendly to: the last to move
	// through or occupy it (GDW: Movement / rail lines).
	RailOwner []Side
	// StraitUsed counts each side's strait crossings this turn.
	StraitUsed [2]int
}

// MaxUnits is the most units a position holds.
const MaxUnits = 1<<15 - 1

// NewState makes a position on m with the given units; units with
// Status OnMap are placed on their Hex.
func NewState(m *Map, units []Unit) (*State, error) {
	s := &State{Map: m, byID: make(map[string]int, len(units))}
	n := m.Len()
	if len(units) > MaxUnits {
		return nil, fmt.Errorf("%d units; a game holds at most %d", len(units), MaxUnits)
	}
	s.occ = make([]int16, n)
	s.head = make([]int16, n)
	for i := range s.occ {
		s.occ[i], s.head[i] = -1, -1
	}
	s.next = make([]int16, len(units))
	s.zoc[0], s.zoc[1] = make([]uint8, n), make([]uint8, n)
	s.present[0], s.present[1] = make([]uint8, n), make([]uint8, n)
	s.Control = append([]Side(nil), m.Control...)
	s.RailOwner = append([]Side(nil), m.Control...)
	s.Units = units
	for k := range s.Units {
		u := &s.Units[k]
		if _, dup := s.byID[u.ID]; dup {
			return nil, fmt.Errorf("unit id %q is used twice", u.ID)
		}
		s.byID[u.ID] = k
		if u.Status == OnMap {
			h := u.Hex
			u.Hex, u.Status = -1, Pending
			if err := s.Place(k, h); err != nil {
				return nil, fmt.Errorf("unit %s: %w", u.ID, err)
			}
		} else {
			u.Hex = -1
		}
	}
	return s, nil
}

// Clone returns an independent copy of the position.
func (s *State) Clone() *State {
	c := &State{Map: s.Map, byID: s.byID, StraitUsed: s.StraitUsed}
	c.Units = append([]Unit(nil), s.Units...)
	// The hex and unit arrays of each element type share one allocation
	// (three in all instead of up to eleven), each carved with its
	// capacity capped so that a later CopyFrom never writes into its
	// neighbour.
	i16 := make([]int16, 0, len(s.occ)+len(s.head)+len(s.next))
	i16 = append(append(append(i16, s.occ...), s.head...), s.next...)
	i16, c.occ = carve(i16, len(s.occ))
	i16, c.head = carve(i16, len(s.head))
	_, c.next = carve(i16, len(s.next))
	n8 := 0
	for i := range s.zoc {
		n8 += len(s.zoc[i]) + len(s.present[i]) + len(s.passive[i])
	}
	u8 := make([]uint8, 0, n8)
	for i := range s.zoc {
		u8 = append(append(append(u8, s.zoc[i]...), s.present[i]...), s.passive[i]...)
	}
	for i := range s.zoc {
		u8, c.zoc[i] = carve(u8, len(s.zoc[i]))
		u8, c.present[i] = carve(u8, len(s.present[i]))
		if s.passive[i] != nil {
			u8, c.passive[i] = carve(u8, len(s.passive[i]))
		}
	}
	sides := make([]Side, 0, len(s.Control)+len(s.RailOwner))
	sides = append(append(sides, s.Control...), s.RailOwner...)
	sides, c.Control = carve(sides, len(s.Control))
	_, c.RailOwner = carve(sides, len(s.RailOwner))
	return c
}

// carve splits the first n elements off buf, capacity capped at n.
func carve[T any](buf []T, n int) (rest, head []T) {
	return buf[n:], buf[:n:n]
}

// CopyFrom makes s a copy of o, a position on the same map with the same
// units, reusing s's memory.
func (s *State) CopyFrom(o *State) {
	s.Map, s.byID, s.StraitUsed = o.Map, o.byID, o.StraitUsed
	s.Units = append(s.Units[:0], o.Units...)
	s.occ = append(s.occ[:0], o.occ...)
	s.head = append(s.head[:0], o.head...)
	s.next = append(s.next[:0], o.next...)
	for i := range s.zoc {
		s.zoc[i] = append(s.zoc[i][:0], o.zoc[i]...)
		s.present[i] = append(s.present[i][:0], o.present[i]...)
	}
	for side, p := range o.passive {
		if p != nil {
			s.passive[side] = append(s.passive[side][:0], p...)
		} else {
			s.passive[side] = nil
		}
	}
	s.Control = append(s.Control[:0], o.Control...)
	s.RailOwner = append(s.RailOwner[:0], o.RailOwner...)
}

// UnitByID finds a unit by id.
func (s *State) UnitByID(id string) (int, bool) {
	k, ok := s.byID[id]
	if !ok {
		for i := range s.Units {
			if strings.EqualFold(s.Units[i].ID, id) {
				return i, true
			}
		}
	}
	return k, ok
}

// Occupant returns the combat unit in hex i, or -1.
func (s *State) Occupant(i int) int { return int(s.occ[i]) }

// ZOC reports whether hex i is in the zone of control of side's units.
func (s *State) ZOC(side Side, i int) bool { return s.zoc[side][i] > 0 }

// EnemyZOC reports whether hex i is in a zone of control hostile to side.
func (s *State) EnemyZOC(side Side, i int) bool { return s.zoc[1-side][i] > 0 }

// EnemyAt reports whether an enemy of side that blocks movement and supply
// stands in hex i.
func (s *State) EnemyAt(side Side, i int) bool { return s.present[1-side][i] > 0 }

// FriendAt reports whether a blocking unit of side stands in hex i.
func (s *State) FriendAt(side Side, i int) bool { return s.present[side][i] > 0 }

// Held reports whether a blocking unit of side that occupies (not
// Unit.NoOccupy) stands in hex i.
func (s *State) Held(side Side, i int) bool {
	n := s.present[side][i]
	return n > 0 && (s.passive[side] == nil || n > s.passive[side][i])
}

// EnemyIn returns an enemy unit of side in hex i (the stacking one
// first), or -1; for messages, not for searches.
func (s *State) EnemyIn(side Side, i int) int {
	if o := s.occ[i]; o >= 0 && s.Units[o].Side != side {
		return int(o)
	}
	for k := s.head[i]; k >= 0; k = s.next[k] {
		if u := &s.Units[k]; u.Side != side && u.Blocks() {
			return int(k)
		}
	}
	return -1
}

// AnyAt reports whether f accepts a unit on hex i (UnitsAt without the
// list, in no set order).
func (s *State) AnyAt(i int, f func(k int) bool) bool {
	for k := s.head[i]; k >= 0; k = s.next[k] {
		if f(int(k)) {
			return true
		}
	}
	return false
}

// UnitsAt lists the units on hex i: the combat unit first, then the others
// in unit order.
func (s *State) UnitsAt(i int) []int { return s.AppendUnitsAt(nil, i) }

// AppendUnitsAt appends the units on hex i to out, in UnitsAt's order:
// a caller asking for many hexes reuses one buffer.
func (s *State) AppendUnitsAt(out []int, i int) []int {
	from := len(out)
	for k := s.head[i]; k >= 0; k = s.next[k] {
		out = append(out, int(k))
	}
	o := int(s.occ[i])
	slices.SortFunc(out[from:], func(a, b int) int {
		switch {
		case a == o:
			return -1
		case b == o:
			return 1
		}
		return a - b
	})
	return out
}

// link adds unit k to the list of its hex; unlink takes it out.
func (s *State) link(k int) {
	for len(s.next) <= k { // units added after NewState (tests)
		s.next = append(s.next, -1)
	}
	h := s.Units[k].Hex
	s.next[k] = s.head[h]
	s.head[h] = int16(k)
}

func (s *State) unlink(k int) {
	h := s.Units[k].Hex
	for p := &s.head[h]; *p >= 0; p = &s.next[*p] {
		if *p == int16(k) {
			*p = s.next[k]
			s.next[k] = -1
			return
		}
	}
}

func (s *State) addZOC(k int, delta int) {
	u := &s.Units[k]
	if u.Blocks() {
		p := s.present[u.Side]
		p[u.Hex] = uint8(int(p[u.Hex]) + delta)
		if u.NoOccupy {
			if s.passive[u.Side] == nil {
				s.passive[u.Side] = make([]uint8, s.Map.Len())
			}
			p := s.passive[u.Side]
			p[u.Hex] = uint8(int(p[u.Hex]) + delta)
		}
	}
	z := s.zoc[u.Side]
	switch u.ZOC {
	case ZOCFull:
		for _, n := range s.Map.Nbr[u.Hex] {
			if n >= 0 {
				z[n] = uint8(int(z[n]) + delta)
			}
		}
	case ZOCOwnHex:
		z[u.Hex] = uint8(int(z[u.Hex]) + delta)
	}
}

// RecomputeZOC rebuilds side's zone-of-control counts from scratch.
func (s *State) RecomputeZOC(side Side) {
	clear(s.zoc[side])
	clear(s.present[side])
	clear(s.passive[side]) // nil: nothing to clear
	for k := range s.Units {
		if u := &s.Units[k]; u.Side == side && u.Status == OnMap {
			s.addZOC(k, 1)
		}
	}
}

// Place puts unit k on hex i (arrival, rebuild, setup).
func (s *State) Place(k, i int) error {
	u := &s.Units[k]
	if u.Status == OnMap {
		return fmt.Errorf("%s is already on the map", u.ID)
	}
	if err := s.CanPlace(k, i); err != nil {
		return err
	}
	u.Hex, u.Status = i, OnMap
	s.link(k)
	if u.Stacks {
		s.occ[i] = int16(k)
	}
	s.addZOC(k, 1)
	s.Occupy(k, i)
	return nil
}

// Placeable reports whether CanPlace lets unit k be placed in hex i,
// without wording a refusal (for listings that try many hexes).
func (s *State) Placeable(k, i int) bool {
	if i < 0 || i >= s.Map.Len() || !s.Map.OnMap[i] || s.Map.Terrain[i].Water() {
		return false
	}
	o := s.occ[i]
	return !s.Units[k].Stacks || o < 0 || int(o) == k
}

// CanPlace checks that unit k could stand in hex i: on the map, not
// water, and no other stacking unit there if it stacks.
func (s *State) CanPlace(k, i int) error {
	u := &s.Units[k]
	if i < 0 || i >= s.Map.Len() || !s.Map.OnMap[i] {
		return fmt.Errorf("hex is off the map")
	}
	if s.Map.Terrain[i].Water() {
		return fmt.Errorf("%s is a %s hex", s.Map.ID(i), s.Map.Terrain[i])
	}
	if o := s.occ[i]; u.Stacks && o >= 0 && int(o) != k {
		return fmt.Errorf("%s already holds %s", s.Map.ID(i), s.Units[o].ID)
	}
	return nil
}

// Take removes unit k from the map and gives it status st.
func (s *State) Take(k int, st Status) {
	u := &s.Units[k]
	if u.Status == OnMap {
		s.addZOC(k, -1)
		s.leave(k)
		s.unlink(k)
	}
	u.Hex, u.Status = -1, st
}

// leave clears unit k from its hex's occupant; another stacking unit left
// there (a hex over-stacked for the moment) becomes the occupant. Call it
// after addZOC(k, -1).
func (s *State) leave(k int) {
	h := s.Units[k].Hex
	if s.occ[h] != int16(k) {
		return
	}
	s.occ[h] = -1
	if s.present[s.Units[k].Side][h] == 0 { // (counts without k already)
		return
	}
	for j := s.head[h]; j >= 0; j = s.next[j] {
		if int(j) != k && s.Units[j].Stacks {
			s.occ[h] = j
			return
		}
	}
}

// Overstacked lists the hexes holding more than one stacking unit of
// side (a move may leave one so for the moment, ADC2: Movement Phases),
// in map order.
func (s *State) Overstacked(side Side) []int {
	var out []int
	for k := range s.Units {
		u := &s.Units[k]
		if u.Side != side || u.Status != OnMap || !u.Stacks {
			continue
		}
		// the hex once: by the first of its stacking units in its list
		first, n := -1, 0
		for j := s.head[u.Hex]; j >= 0; j = s.next[j] {
			if o := &s.Units[j]; o.Side == side && o.Status == OnMap && o.Stacks {
				if first < 0 {
					first = int(j)
				}
				n++
			}
		}
		if n > 1 && first == k {
			out = append(out, u.Hex)
		}
	}
	sort.Ints(out)
	return out
}

// Relocate moves unit k to hex i without any rule check; the hexes it
// passed are marked with Occupy by the caller.
func (s *State) Relocate(k, i int) {
	u := &s.Units[k]
	s.addZOC(k, -1)
	s.leave(k)
	s.unlink(k)
	u.Hex = i
	s.link(k)
	if u.Stacks && s.occ[i] < 0 {
		s.occ[i] = int16(k)
	}
	s.addZOC(k, 1)
	s.Occupy(k, i)
}

// Enter records that a unit of side moved through or into hex i: the hex
// becomes friendly to that side, rail friendliness included.
func (s *State) Enter(side Side, i int) {
	s.Control[i] = side
	if s.Map.IsRail(i) {
		s.RailOwner[i] = side
	}
}

// Occupy records that unit k moved through or into hex i: Enter for its
// side, unless the unit takes no control (Unit.NoOccupy; ADC2: Control of
// Hexes: only combat units).
func (s *State) Occupy(k, i int) {
	if u := &s.Units[k]; !u.NoOccupy {
		s.Enter(u.Side, i)
	}
}
