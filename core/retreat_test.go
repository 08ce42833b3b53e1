package core

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// retreatList prints retreats as "B-1604 B-1605 z1".
func retreatList(m *Map, rs []Retreat) []string {
	var out []string
	for _, r := range rs {
		out = append(out, fmt.Sprintf("%s z%d", strings.Join(names(m, r.Path), " "), r.ZOC))
	}
	return out
}

// checkRetreats checks what every listed retreat of unit k must satisfy.
func checkRetreats(t *testing.T, s *State, k int, o RetreatOpts, rs []Retreat) {
	t.Helper()
	m := s.Map
	u := &s.Units[k]
	start := u.Hex
	// friends counts the stacking, the other blocking and the occupying
	// friendly units in hex i, unit k apart.
	friends := func(i int) (stacking, extra, occupying int) {
		for j := range s.Units {
			f := &s.Units[j]
			if j == k || f.Side != u.Side || f.Status != OnMap || f.Hex != i {
				continue
			}
			if f.Stacks {
				stacking++
			} else if f.Blocks() {
				extra++
			}
			if f.Blocks() && !f.NoOccupy {
				occupying++
			}
		}
		return
	}
	bad := func(i int) bool {
		st, ex, _ := friends(i)
		if u.Stacks {
			st++
		} else if u.Blocks() {
			ex++
		}
		return o.AvoidZOCEnd && s.EnemyZOC(u.Side, i) || st > 1 || st == 1 && ex > o.StackWith || st == 0 && ex > o.StackAlone
	}
	entersZOC := func(i int) bool {
		_, _, occ := friends(i)
		return s.EnemyZOC(u.Side, i) && !(o.FriendOpensZOC && occ > 0)
	}
	for _, r := range rs {
		p := r.Path
		if len(p) < o.Hexes || len(p) > o.Hexes+o.MaxExtra {
			t.Errorf("%v: %d hexes, want %d to %d", names(m, p), len(p), o.Hexes, o.Hexes+o.MaxExtra)
		}
		zoc, prev := 0, start
		for n, i := range p {
			d, ok := m.Adjacent(prev, i)
			switch {
			case !ok:
				t.Errorf("%v: %s does not touch %s", names(m, p), m.ID(i), m.ID(prev))
			case m.Blocked(prev, d) || m.Strait[prev]&(1<<d) != 0:
				t.Errorf("%v: crosses water from %s to %s", names(m, p), m.ID(prev), m.ID(i))
			case s.EnemyAt(u.Side, i):
				t.Errorf("%v: enters the enemy in %s", names(m, p), m.ID(i))
			case i == start || slices.Contains(p[:n], i):
				t.Errorf("%v: enters %s twice", names(m, p), m.ID(i))
			}
			dist := m.Distance(start, i)
			if n < o.Hexes && dist != n+1 || n >= o.Hexes && dist < o.Hexes {
				t.Errorf("%v: hex %d (%s) is %d from the start", names(m, p), n+1, m.ID(i), dist)
			}
			if n+1 >= o.Hexes && n+1 < len(p) && !bad(i) {
				t.Errorf("%v: goes on past %s, where it could end", names(m, p), m.ID(i))
			}
			if entersZOC(i) {
				zoc++
			}
			prev = i
		}
		if len(p) > 0 && bad(p[len(p)-1]) {
			t.Errorf("%v: may not end in %s", names(m, p), m.ID(p[len(p)-1]))
		}
		if zoc != r.ZOC {
			t.Errorf("%v: ZOC %d, want %d", names(m, p), r.ZOC, zoc)
		}
	}
}

func TestRetreatsRulebookExample(t *testing.T) {
	s := loadFixture(t, "combat.txt")
	m := s.Map
	// B-1604 is in the zone of control of sov-d in B-1704: they touch by
	// the README rule (B-1704 is in an odd column and touches column 16 at
	// rows 03 and 04).
	a, b := hx(t, m, "B-1704"), hx(t, m, "B-1604")
	if !slices.Contains(readmeNeighbours(Offset{a % m.W, a / m.W}), Offset{b % m.W, b / m.W}) || !s.EnemyZOC(Axis, b) {
		t.Fatalf("B-1604 is not in the zone of control of B-1704")
	}
	k := unitIndex(t, s, "ger-1")
	o := RetreatOpts{Hexes: 2, MaxExtra: 2}
	rs := s.Retreats(k, o)
	checkRetreats(t, s, k, o, rs)
	want := []string{
		"B-1604 B-1705 z2",
		"B-1604 B-1605 z1", // the rulebook's retreat: one step lost in B-1604
		"B-1604 B-1505 z1",
		"B-1504 B-1505 z1",
		"B-1504 B-1404 z1",
		"B-1504 B-1403 z2",
	}
	if got := retreatList(m, rs); !slices.Equal(got, want) {
		t.Errorf("Retreats =\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestRetreats(t *testing.T) {
	tests := []struct {
		name string
		add  string // fixture lines after combat.txt
		opts RetreatOpts
		want []string // the retreats, or nil to check only
	}{
		{name: "lake hex", add: "lake B-1605", opts: RetreatOpts{Hexes: 2},
			want: []string{"B-1604 B-1705 z2", "B-1604 B-1505 z1", "B-1504 B-1505 z1", "B-1504 B-1404 z1", "B-1504 B-1403 z2"}},
		{name: "lake hexside", add: "waterside B-1603 B-1604", opts: RetreatOpts{Hexes: 2, MaxExtra: 2},
			want: []string{"B-1504 B-1505 z1", "B-1504 B-1404 z1", "B-1504 B-1403 z2"}},
		{name: "strait", add: "waterside B-1603 B-1604\nstrait B-1603 B-1604", opts: RetreatOpts{Hexes: 2, MaxExtra: 2},
			want: []string{"B-1504 B-1505 z1", "B-1504 B-1404 z1", "B-1504 B-1403 z2"}},
		{name: "strait further on", add: "waterside B-1504 B-1505\nstrait B-1504 B-1505", opts: RetreatOpts{Hexes: 2},
			want: []string{"B-1604 B-1705 z2", "B-1604 B-1605 z1", "B-1604 B-1505 z1", "B-1504 B-1404 z1", "B-1504 B-1403 z2"}},
		{name: "a friend at the end", add: "unit ger-2 axis infantry 4 B-1605", opts: RetreatOpts{Hexes: 2, MaxExtra: 1},
			want: []string{
				"B-1604 B-1705 z2",
				"B-1604 B-1605 B-1705 z2", "B-1604 B-1605 B-1706 z1", "B-1604 B-1605 B-1606 z1", "B-1604 B-1605 B-1506 z1", "B-1604 B-1605 B-1505 z1",
				"B-1604 B-1505 z1", "B-1504 B-1505 z1", "B-1504 B-1404 z1", "B-1504 B-1403 z2",
			}},
		{name: "a friend at the end, no extension", add: "unit ger-2 axis infantry 4 B-1605", opts: RetreatOpts{Hexes: 2},
			want: []string{"B-1604 B-1705 z2", "B-1604 B-1505 z1", "B-1504 B-1505 z1", "B-1504 B-1404 z1", "B-1504 B-1403 z2"}},
		{name: "a friend on the way", add: "unit ger-2 axis infantry 4 B-1504", opts: RetreatOpts{Hexes: 2},
			want: []string{"B-1604 B-1705 z2", "B-1604 B-1605 z1", "B-1604 B-1505 z1", "B-1504 B-1505 z1", "B-1504 B-1404 z1", "B-1504 B-1403 z2"}},
		{name: "an enemy in the way", add: "unit sov-e soviet infantry 4 B-1605 zoc=none", opts: RetreatOpts{Hexes: 2, MaxExtra: 2},
			want: []string{"B-1604 B-1705 z2", "B-1604 B-1505 z1", "B-1504 B-1505 z1", "B-1504 B-1404 z1", "B-1504 B-1403 z2"}},
		{name: "avoid ZOC at the end", opts: RetreatOpts{Hexes: 2, MaxExtra: 1, AvoidZOCEnd: true},
			want: []string{
				"B-1604 B-1705 B-1805 z2", "B-1604 B-1705 B-1706 z2", "B-1604 B-1705 B-1605 z2",
				"B-1604 B-1605 z1", "B-1604 B-1505 z1", "B-1504 B-1505 z1", "B-1504 B-1404 z1",
				"B-1504 B-1403 B-1404 z2", "B-1504 B-1403 B-1304 z2", "B-1504 B-1403 B-1303 z2",
			}},
		{name: "avoid ZOC, far", opts: RetreatOpts{Hexes: 2, MaxExtra: 4, AvoidZOCEnd: true}},
		{name: "three hexes", opts: RetreatOpts{Hexes: 3, MaxExtra: 2}},
		// House CRT card: Retreat Routes: a friend opens the ZOC hex B-1604.
		{name: "a friend opens a ZOC hex", add: "unit ger-2 axis infantry 4 B-1604", opts: RetreatOpts{Hexes: 2, FriendOpensZOC: true},
			want: []string{"B-1604 B-1705 z1", "B-1604 B-1605 z0", "B-1604 B-1505 z0", "B-1504 B-1505 z1", "B-1504 B-1404 z1", "B-1504 B-1403 z2"}},
		{name: "a friend without the option", add: "unit ger-2 axis infantry 4 B-1604", opts: RetreatOpts{Hexes: 2},
			want: []string{"B-1604 B-1705 z2", "B-1604 B-1605 z1", "B-1604 B-1505 z1", "B-1504 B-1505 z1", "B-1504 B-1404 z1", "B-1504 B-1403 z2"}},
		{name: "surrounded", add: "unit sov-e soviet infantry 4 B-1604\nunit sov-f soviet infantry 4 B-1504", opts: RetreatOpts{Hexes: 2, MaxExtra: 2},
			want: []string{}},
	}
	// B-1402, next to sov-a, is in a zone of control too: with one extra
	// hex allowed, B-1504 B-1403 B-1402 ends in one and is not listed.
	base := readFixture(t, "combat.txt")
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := parseFixture(t, base+tt.add)
			k := unitIndex(t, s, "ger-1")
			rs := s.Retreats(k, tt.opts)
			checkRetreats(t, s, k, tt.opts, rs)
			checkRetreatZOCs(t, s, k, tt.opts, rs)
			got := retreatList(s.Map, rs)
			if tt.want != nil && !slices.Equal(got, tt.want) {
				t.Errorf("Retreats =\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
			if tt.want == nil && len(got) == 0 {
				t.Errorf("no retreats")
			}
		})
	}
}

// TestRetreatStacking: a retreat may not end where it breaks the stacking
// limits (ADC2: Retreat; Stacking Limits: one combat unit with at most one
// airborne unit, two airborne units alone); with no limits given, never
// on a friend (GDW: Combat Results / DR).
func TestRetreatStacking(t *testing.T) {
	adc2 := RetreatOpts{Hexes: 2, MaxExtra: 1, StackWith: 1, StackAlone: 2}
	const (
		inf = "unit ger-2 axis infantry 4 B-1605\n"
		ab  = "unit ab-1 axis infantry 4 B-1605 nostack zoc=own\n"
		ab2 = "unit ab-2 axis infantry 4 B-1605 nostack zoc=own\n"
		hq  = "unit hq axis infantry 4 B-1605 nostack zoc=none\n"
	)
	tests := []struct {
		name     string
		add      string
		airborne bool // ger-1 is an airborne unit (no stacking, own-hex ZOC)
		gdw      bool // RetreatOpts{Hexes: 2, MaxExtra: 1}
		end      bool // may end in B-1605
	}{
		{name: "empty", end: true},
		{name: "on one airborne", add: ab, end: true},
		{name: "on two airborne", add: ab + ab2},
		{name: "on a combat unit", add: inf},
		{name: "on a leader", add: hq, end: true},
		{name: "airborne on a combat unit", add: inf, airborne: true, end: true},
		{name: "airborne on a combat unit and an airborne", add: inf + ab, airborne: true},
		{name: "airborne on an airborne", add: ab, airborne: true, end: true},
		{name: "airborne on two airborne", add: ab + ab2, airborne: true},
		{name: "GDW: on any friend", add: ab, gdw: true},
		{name: "GDW: on a leader", add: hq, gdw: true, end: true},
	}
	base := readFixture(t, "combat.txt")
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := parseFixture(t, base+tt.add)
			k := unitIndex(t, s, "ger-1")
			if tt.airborne {
				h := s.Units[k].Hex
				s.Take(k, Pending)
				s.Units[k].Stacks, s.Units[k].ZOC = false, ZOCOwnHex
				if err := s.Place(k, h); err != nil {
					t.Fatal(err)
				}
			}
			o := adc2
			if tt.gdw {
				o = RetreatOpts{Hexes: 2, MaxExtra: 1}
			}
			rs := s.Retreats(k, o)
			checkRetreats(t, s, k, o, rs)
			end, through := false, false
			for _, r := range rs {
				end = end || names(s.Map, r.Path)[len(r.Path)-1] == "B-1605"
				through = through || len(r.Path) == 3 && names(s.Map, r.Path)[1] == "B-1605"
			}
			if end != tt.end || through == tt.end {
				t.Errorf("ends in B-1605: %v, goes on through it: %v; want ending %v\n%s", end, through, tt.end, strings.Join(retreatList(s.Map, rs), "\n"))
			}
		})
	}
}

func TestRetreatsOffMap(t *testing.T) {
	s := loadFixture(t, "combat.txt")
	k := unitIndex(t, s, "ger-1")
	s.Take(k, Eliminated)
	if rs := s.Retreats(k, RetreatOpts{Hexes: 2, MaxExtra: 2}); rs != nil {
		t.Errorf("Retreats of an eliminated unit = %v", retreatList(s.Map, rs))
	}
}

// crowded is a sheet full of friends but for ger-1's hex: no retreat can
// end anywhere, so every path up to the longest extension is searched.
func crowded(t testing.TB) (*State, int) {
	var b strings.Builder
	b.WriteString("sheet B 0 0 20 10\nowner soviet\nunit ger-1 axis infantry 4 B-1005\n")
	for c := 1; c <= 20; c++ {
		for r := 1; r <= 10; r++ {
			if c == 10 && r == 5 {
				continue
			}
			fmt.Fprintf(&b, "unit f%02d%02d axis infantry 4 B-%02d%02d\n", c, r, c, r)
		}
	}
	s := parseFixture(t, b.String())
	return s, unitIndex(t, s, "ger-1")
}

// TestRetreatsBounded: whatever lengths the rules ask for, the search is
// bounded: lengths are taken within 0..MaxRetreatHexes and at most
// maxRetreats retreats are kept.
func TestRetreatsBounded(t *testing.T) {
	s, k := crowded(t)
	for _, o := range []RetreatOpts{{Hexes: 6, MaxExtra: 6}, {Hexes: 1 << 40, MaxExtra: 1 << 40}, {Hexes: -100, MaxExtra: -100}, {Hexes: 2, MaxExtra: 6}} {
		rs := s.Retreats(k, o)
		if len(rs) > maxRetreats {
			t.Errorf("%+v: %d retreats, more than %d", o, len(rs), maxRetreats)
		}
		for _, r := range rs {
			if len(r.Path) > 2*MaxRetreatHexes {
				t.Errorf("%+v: a retreat of %d hexes", o, len(r.Path))
			}
		}
	}
}

// checkRetreatZOCs checks that RetreatZOCs summarises rs, unit k's
// retreats as Retreats lists them.
func checkRetreatZOCs(t *testing.T, s *State, k int, o RetreatOpts, rs []Retreat) {
	t.Helper()
	least, most := 0, 0
	for i, r := range rs {
		if i == 0 || r.ZOC < least {
			least = r.ZOC
		}
		most = max(most, r.ZOC)
	}
	if n, l, m := s.RetreatZOCs(k, o); n != len(rs) || l != least || m != most {
		t.Errorf("RetreatZOCs = %d, %d, %d; want %d, %d, %d", n, l, m, len(rs), least, most)
	}
}

// RetreatZOCs counts as Retreats keeps, within the search's bounds, and
// allocates nothing.
func TestRetreatZOCs(t *testing.T) {
	s, k := crowded(t)
	for _, o := range []RetreatOpts{{Hexes: 2, MaxExtra: 6}, {Hexes: 1}, {Hexes: 0}} {
		checkRetreatZOCs(t, s, k, o, s.Retreats(k, o))
	}
	s = parseFixture(t, readFixture(t, "combat.txt"))
	k = unitIndex(t, s, "ger-1")
	o := RetreatOpts{Hexes: 2, MaxExtra: 2}
	if n := testing.AllocsPerRun(20, func() { s.RetreatZOCs(k, o) }); n != 0 {
		t.Errorf("RetreatZOCs allocates %v times", n)
	}
}

// BenchmarkRetreatZOCs summarises the retreats of the rulebook board's
// defender (the bot's question), against listing them.
func BenchmarkRetreatZOCs(b *testing.B) {
	s := parseFixture(b, readFixture(b, "combat.txt"))
	k := unitIndex(b, s, "ger-1")
	o := RetreatOpts{Hexes: 2, MaxExtra: 2}
	b.Run("zocs", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			s.RetreatZOCs(k, o)
		}
	})
	b.Run("list", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			s.Retreats(k, o)
		}
	})
}

// BenchmarkRetreatsWorstCase searches the longest retreats on a sheet
// where none can end: the bound of the search.
func BenchmarkRetreatsWorstCase(b *testing.B) {
	s, k := crowded(b)
	for b.Loop() {
		s.Retreats(k, RetreatOpts{Hexes: MaxRetreatHexes, MaxExtra: MaxRetreatHexes})
	}
}
