package core

import "testing"

// The map's distance, read from its coordinate table, is the hexes'
// axial distance, for every pair of a two-sheet map.
func TestMapDistance(t *testing.T) {
	m, err := NewMap("test", []Sheet{{Name: "A", Cols: 9, Rows: 7}, {Name: "B", Col0: 10, Cols: 8, Rows: 6}}, Soviet)
	if err != nil {
		t.Fatal(err)
	}
	for a := range m.Len() {
		ha := Offset{a % m.W, a / m.W}.Axial()
		if got := m.Hex(a); got != ha {
			t.Fatalf("Hex(%d) = %v, want %v", a, got, ha)
		}
		for b := range m.Len() {
			hb := Offset{b % m.W, b / m.W}.Axial()
			if got, want := m.Distance(a, b), ha.Distance(hb); got != want {
				t.Fatalf("Distance(%s, %s) = %d, want %d", m.ID(a), m.ID(b), got, want)
			}
		}
	}
}

// BenchmarkMapDistance measures Map.Distance from its table, against the
// coordinates worked out from each index ("computed", as before the table).
func BenchmarkMapDistance(b *testing.B) {
	m := newSheetMap(b, "B", 40, 60)
	var pairs [1024][2]int
	for i := range pairs {
		pairs[i] = [2]int{(i * 131) % m.Len(), (i * 7919) % m.Len()}
	}
	b.Run("table", func(b *testing.B) {
		s := 0
		for i := 0; b.Loop(); i++ {
			p := pairs[i&1023]
			s += m.Distance(p[0], p[1])
		}
		_ = s
	})
	b.Run("computed", func(b *testing.B) {
		s := 0
		for i := 0; b.Loop(); i++ {
			p := pairs[i&1023]
			a, c := Offset{p[0] % m.W, p[0] / m.W}.Axial(), Offset{p[1] % m.W, p[1] / m.W}.Axial()
			s += a.Distance(c)
		}
		_ = s
	})
}
