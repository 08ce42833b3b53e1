package core

import (
	"slices"
	"testing"
)

func TestTrace(t *testing.T) {
	tests := []struct {
		name string
		add  string // fixture lines after corridor.txt
		want bool   // sov in A-0102 traces to the east edge
	}{
		{"open", "", true},
		{"enemy unit", "unit ger axis infantry 6 A-0502 zoc=none", false},
		{"empty hex in enemy ZOC", "unit ger axis infantry 6 A-0501", false},
		{"friendly unit in enemy ZOC", "unit ger axis infantry 6 A-0501\nunit sov2 soviet infantry 6 A-0502", true},
		{"friendly non-combat unit in enemy ZOC", "unit ger axis infantry 6 A-0501\nunit hq soviet infantry 6 A-0502 nostack zoc=none", false},
		// ADC2: Supply: only a combat unit opens it, not a partisan.
		{"friendly unit that does not occupy, in enemy ZOC", "unit ger axis infantry 6 A-0501\nunit par soviet infantry 6 A-0502 nooccupy", false},
		{"friendly own-hex-ZOC unit in enemy ZOC", "unit ger axis infantry 6 A-0501\nunit ab soviet infantry 6 A-0502 nostack zoc=own", true},
		{"own-hex ZOC", "unit ger axis infantry 6 A-0501 zoc=own", true},
		{"friendly ZOC", "unit sov2 soviet infantry 6 A-0501", true},
		{"lake hex", "lake A-0502", false},
		{"sea hex", "sea A-0502", false},
		{"lake hexside", "waterside A-0402 A-0502", false},
		{"strait", "waterside A-0402 A-0502\nstrait A-0402 A-0502", true},
		{"river", "river A-0402 A-0502", true},
		{"enemy on the edge", "unit ger axis infantry 6 A-0902 zoc=none", false},
	}
	base := readFixture(t, "corridor.txt")
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := parseFixture(t, base+tt.add)
			sp := NewSupplier(s)
			r := sp.Trace(Soviet, nil)
			if got := r.Has(s.Units[0].Hex); got != tt.want {
				t.Errorf("sov in supply: %v, want %v", got, tt.want)
			}
			m := s.Map
			r.Each(func(i int) {
				if !m.OnMap[i] || m.Terrain[i].Water() || s.EnemyAt(Soviet, i) || (!s.Held(Soviet, i) && s.EnemyZOC(Soviet, i)) {
					t.Errorf("%s is marked in supply", m.ID(i))
				}
			})
			if r.Has(hx(t, m, "A-0501")) {
				t.Errorf("supply crossed the lake hexside into A-0501")
			}
		})
	}
}

func TestTraceSources(t *testing.T) {
	s := loadFixture(t, "corridor.txt")
	m := s.Map
	sp := NewSupplier(s)
	corridor := func(from, to int) []string {
		var out []string
		for c := from; c <= to; c++ {
			out = append(out, m.ID(hx(t, m, "A-0102")+c-1))
		}
		return out
	}
	reached := func(r Bitset) []string {
		var out []string
		r.Each(func(i int) { out = append(out, m.ID(i)) })
		return out
	}
	tests := []struct {
		name  string
		side  Side
		edge  []string // the side's friendly edge
		extra []string
		want  []string
	}{
		{"soviet edge", Soviet, []string{"A-0902"}, nil, corridor(1, 9)},
		{"axis edge held by the enemy", Axis, []string{"A-0102"}, nil, nil},    // sov stands in A-0102
		{"axis edge", Axis, []string{"A-0102", "A-0302"}, nil, corridor(3, 9)}, // A-0202 is in the ZOC of sov
		{"no edge", Soviet, nil, nil, nil},
		{"extra source", Soviet, nil, []string{"A-0502"}, corridor(1, 9)},
		{"extra source only", Axis, nil, []string{"A-0502"}, corridor(3, 9)},
		{"extra source on water", Axis, nil, []string{"A-0101"}, nil},
	}
	for _, tt := range tests {
		m.Edge[tt.side] = hxs(t, m, tt.edge...)
		got := reached(sp.Trace(tt.side, hxs(t, m, tt.extra...)))
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: Trace(%v) reaches %v, want %v", tt.name, tt.side, got, tt.want)
		}
	}
}

func TestTraceBySea(t *testing.T) {
	tests := []struct {
		name   string
		add    string
		prep   func(t *testing.T, s *State)
		sea    string // the region's columns: "all", "west" (05 only) or "" for nil
		supply bool   // sov in the pocket is in supply
	}{
		{name: "through Novorossiysk", sea: "all", supply: true},
		{name: "any sea", sea: "", supply: true},
		{name: "another sea", sea: "west", supply: false},
		{name: "Novorossiysk lost", sea: "all", supply: false,
			prep: func(t *testing.T, s *State) { s.Control[hx(t, s.Map, "A-0903")] = Axis }},
		{name: "Sevastopol lost", sea: "all", supply: false,
			prep: func(t *testing.T, s *State) { s.Control[hx(t, s.Map, "A-0403")] = Axis }},
		{name: "Novorossiysk cut off", sea: "all", supply: false, add: "unit ger axis infantry 6 A-1003"},
		{name: "pocket cut from Sevastopol", sea: "all", supply: false, add: "unit ger axis infantry 6 A-0303"},
	}
	base := readFixture(t, "blacksea.txt")
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := parseFixture(t, base+tt.add)
			m := s.Map
			if tt.prep != nil {
				tt.prep(t, s)
			}
			var seaHexes []int
			for i, on := range m.OnMap {
				if on && m.Terrain[i] == Sea && (tt.sea != "west" || m.ID(i)[2:4] == "05") {
					seaHexes = append(seaHexes, i)
				}
			}
			m.AddRegion("Black Sea", seaHexes)
			sea, _ := m.Region("Black Sea")
			if tt.sea == "" {
				sea = nil
			}
			sp := NewSupplier(s)
			pocket := s.Units[0].Hex
			if sp.Trace(Soviet, nil).Has(pocket) {
				t.Fatalf("the pocket is in regular supply")
			}
			if got := sp.TraceBySea(Soviet, sea, nil).Has(pocket); got != tt.supply {
				t.Errorf("TraceBySea: pocket in supply %v, want %v", got, tt.supply)
			}
			if !sp.TraceBySea(Soviet, sea, nil).Has(hx(t, m, "A-1203")) && tt.add == "" {
				t.Errorf("TraceBySea lost the regular supply of A-1203")
			}
			// what it traces is what one trace from the edge and the
			// ports, when a port is in regular supply, reaches
			got := append(Bitset(nil), sp.TraceBySea(Soviet, sea, nil)...)
			ports := s.CoastalCities(Soviet, sea)
			want := append(Bitset(nil), sp.Trace(Soviet, nil)...)
			for _, p := range ports {
				if want.Has(p) {
					want = append(Bitset(nil), sp.Trace(Soviet, ports)...)
					break
				}
			}
			if !slices.Equal(got, want) {
				t.Errorf("TraceBySea differs from a trace from the edge and the ports")
			}
		})
	}
}

func TestCoastalCities(t *testing.T) {
	s := loadFixture(t, "blacksea.txt")
	m := s.Map
	m.AddRegion("west", hxs(t, m, "A-0503"))
	west, _ := m.Region("west")
	for _, tt := range []struct {
		side Side
		sea  *Region
		want []string
	}{
		{Soviet, nil, []string{"A-0403", "A-0903"}},
		{Soviet, west, []string{"A-0403"}},
		{Axis, nil, nil},
	} {
		if got := names(m, s.CoastalCities(tt.side, tt.sea)); !slices.Equal(got, tt.want) {
			t.Errorf("CoastalCities(%v, %v) = %v, want %v", tt.side, tt.sea != nil, got, tt.want)
		}
	}
}

// TestTraceRanged: a supply range limits the lines from the edge and from
// each depot; an unlimited range traces as Trace does.
func TestTraceRanged(t *testing.T) {
	s := benchPosition(t)
	sp := NewSupplier(s)
	full := append(Bitset(nil), sp.Trace(Axis, nil)...)
	sp.Range = &SupplyRange{Edge: Unlimited}
	if got := sp.Trace(Axis, nil); !slices.Equal(got, full) {
		t.Error("an unlimited range traces otherwise than Trace")
	}
	m := s.Map
	sp.Range = &SupplyRange{Edge: 0}
	got := append(Bitset(nil), sp.Trace(Axis, nil)...)
	for h := range m.Len() {
		if got.Has(h) && !slices.Contains(m.Edge[Axis], h) {
			t.Fatalf("range 0: %s is supplied, not on the edge", m.ID(h))
		}
	}
	// a depot reaching 2 hexes, with the edge cut off
	depot := m.Edge[Axis][len(m.Edge[Axis])/2]
	for d := N; d <= NW; d++ {
		if n := int(m.Nbr[depot][d]); n >= 0 && !m.Terrain[n].Water() {
			depot = n
			break
		}
	}
	sp.Range = &SupplyRange{Edge: -1, Depots: []Depot{{Hex: depot, Range: 2}}}
	got = sp.Trace(Axis, nil)
	for h := range m.Len() {
		if got.Has(h) && m.Distance(h, depot) > 2 {
			t.Fatalf("depot range 2: %s, %d hexes away, is supplied", m.ID(h), m.Distance(h, depot))
		}
	}
	if !got.Has(depot) {
		t.Error("the depot's own hex is not supplied")
	}
}
