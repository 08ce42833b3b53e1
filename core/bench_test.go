package core

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// benchPosition generates the benchmark position: one 60×50 sheet, 15% of
// it sea or lake, the rest a mix of clear, forest, swamp, rough and
// mountain, rivers on about one hexside in ten, and 100 units a side on
// distinct land hexes, the Axis in the west half and the Soviets in the
// east. One unit in three is armour with 8 MP, the rest infantry with 6.
func benchPosition(tb testing.TB) *State {
	tb.Helper()
	const cols, rows, perSide = 60, 50, 100
	rng := rand.New(rand.NewPCG(1941, 622))
	m, err := NewMap("bench", []Sheet{{Name: "A", Cols: cols, Rows: rows}}, Soviet)
	if err != nil {
		tb.Fatal(err)
	}
	var west, east []int
	for i, on := range m.OnMap {
		if !on {
			continue
		}
		switch r := rng.IntN(100); {
		case r < 10:
			m.Terrain[i] = Lake
		case r < 15:
			m.Terrain[i] = Sea
		case r < 30:
			m.Terrain[i] = Forest
		case r < 38:
			m.Terrain[i] = Swamp
		case r < 46:
			m.Terrain[i] = Rough
		case r < 50:
			m.Terrain[i] = Mountain
		}
		if m.Terrain[i].Water() {
			continue
		}
		if i%m.W <= cols/2 {
			west = append(west, i)
			m.Control[i] = Axis
		} else {
			east = append(east, i)
		}
	}
	for i, on := range m.OnMap {
		for d := N; d <= SE && on; d++ {
			if n := int(m.Nbr[i][d]); n >= 0 && rng.IntN(10) == 0 {
				if err := m.AddRiver(i, n); err != nil {
					tb.Fatal(err)
				}
			}
		}
	}
	m.SetEdges()
	var units []Unit
	for side, land := range [][]int{west, east} {
		rng.Shuffle(len(land), func(i, j int) { land[i], land[j] = land[j], land[i] })
		for k := range perSide {
			u := Unit{Ident: &Ident{ID: fmt.Sprintf("%v-%d", Side(side), k), Kind: "infantry"}, Side: Side(side), Class: classInfantry,
				MP: 6, Stacks: true, Hex: land[k], Status: OnMap, Attack: [2]int{6, 3}, Defense: [2]int{6, 3}}
			if k%3 == 0 {
				u.Kind, u.Class, u.MP = "panzer", classArmor, 8
			}
			units = append(units, u)
		}
	}
	s, err := NewState(m, units)
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

func TestBenchPosition(t *testing.T) {
	s := benchPosition(t)
	m := s.Map
	water, land := 0, 0
	for i, on := range m.OnMap {
		if on && m.Terrain[i].Water() {
			water++
		} else if on {
			land++
		}
	}
	if n := water + land; n != 3000 || water < 350 || water > 550 {
		t.Errorf("%d hexes, %d of them water; want 3000, about 450", n, water)
	}
	seen := map[int]bool{}
	for _, u := range s.Units {
		if u.Status != OnMap || m.Terrain[u.Hex].Water() || seen[u.Hex] || (u.Side == Axis) != (u.Hex%m.W <= 30) {
			t.Errorf("unit %s misplaced in %s", u.ID, m.ID(u.Hex))
		}
		seen[u.Hex] = true
	}
	if len(seen) != 200 {
		t.Errorf("%d units on the map, want 200", len(seen))
	}
	checkZOC(t, s)
}

func BenchmarkZOC(b *testing.B) {
	s := benchPosition(b)
	b.ReportAllocs()
	for b.Loop() {
		s.RecomputeZOC(Axis)
	}
}

// BenchmarkReach times the Reach of one 8-MP unit, taking the armoured
// units of both sides in turn.
func BenchmarkReach(b *testing.B) {
	s := benchPosition(b)
	mv := NewMover(s, gdwRules())
	var armour []int
	for k := range s.Units {
		if s.Units[k].MP == 8 {
			armour = append(armour, k)
		}
	}
	n, hexes := 0, 0
	b.ReportAllocs()
	for b.Loop() {
		mv.Reach(armour[n%len(armour)], 8)
		hexes += len(mv.Reached())
		n++
	}
	b.ReportMetric(float64(hexes)/float64(n), "hexes/op")
}

// BenchmarkSupply traces supply for the Axis and looks up every Axis unit.
func BenchmarkSupply(b *testing.B) {
	s := benchPosition(b)
	sp := NewSupplier(s)
	in := 0
	b.ReportAllocs()
	for b.Loop() {
		r := sp.Trace(Axis, nil)
		in = 0
		for k := range s.Units {
			if u := &s.Units[k]; u.Side == Axis && r.Has(u.Hex) {
				in++
			}
		}
	}
	b.ReportMetric(float64(in), "supplied")
}

// BenchmarkMovementPhase moves every Axis unit once: Reach, the farthest
// hex it may end in (the lowest index among equals), CheckPath, Move.
func BenchmarkMovementPhase(b *testing.B) {
	base := benchPosition(b)
	rules := gdwRules()
	moved := 0
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		s := base.Clone()
		mv := NewMover(s, rules)
		b.StartTimer()
		moved = movementPhase(b, mv, Axis)
	}
	b.ReportMetric(float64(moved), "moved")
}

// movementPhase moves every unit of side once and returns how many moved.
func movementPhase(tb testing.TB, mv *Mover, side Side) int {
	s := mv.S
	moved := 0
	for k := range s.Units {
		u := &s.Units[k]
		if u.Side != side || u.Status != OnMap {
			continue
		}
		mv.Reach(k, u.MP)
		best, bestD := -1, 0
		for _, i := range mv.Reached() {
			i := int(i)
			if !mv.CanEnd(k, i) {
				continue
			}
			if d := s.Map.Distance(u.Hex, i); d > bestD || d == bestD && i < best {
				best, bestD = i, d
			}
		}
		if best < 0 {
			continue
		}
		path := mv.Path(best)
		res, err := mv.CheckPath(k, path, u.MP)
		if err != nil {
			tb.Fatalf("%s to %s: %v", u.ID, s.Map.ID(best), err)
		}
		s.Move(k, path, res.Straits)
		moved++
	}
	return moved
}

func TestMovementPhase(t *testing.T) {
	s := benchPosition(t)
	mv := NewMover(s, gdwRules())
	if n := movementPhase(t, mv, Axis); n < 90 {
		t.Errorf("%d Axis units moved, want most of 100", n)
	}
	checkZOC(t, s)
	seen := map[int]bool{}
	for _, u := range s.Units {
		if seen[u.Hex] || s.Occupant(u.Hex) < 0 || s.Units[s.Occupant(u.Hex)].ID != u.ID {
			t.Errorf("%s in %s: occupancy broken", u.ID, s.Map.ID(u.Hex))
		}
		seen[u.Hex] = true
	}
}
