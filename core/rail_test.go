package core

import (
	"slices"
	"strings"
	"testing"
)

// railExample plays the Axis move of the rulebook's rail example: pz-1
// moves through A-1817, which is then friendly to the Axis.
func railExample(t *testing.T) *State {
	t.Helper()
	s := loadFixture(t, "rail.txt")
	k := unitIndex(t, s, "pz-1")
	path := hxs(t, s.Map, "A-1918", "A-1817", "A-1717", "A-1617", "A-1517", "A-1417")
	res, err := NewMover(s, gdwRules()).CheckPath(k, path, 8)
	if err != nil || res.MP != 6 {
		t.Fatalf("pz-1 moves: %+v, %v; want 6 MP", res, err)
	}
	s.Move(k, path, res.Straits)
	if o := s.RailOwner[hx(t, s.Map, "A-1817")]; o != Axis {
		t.Fatalf("after the move A-1817 is friendly to %v, want axis", o)
	}
	if o := s.RailOwner[hx(t, s.Map, "A-1717")]; o != Soviet {
		t.Fatalf("A-1717 is not a rail hex but its rail owner became %v", o)
	}
	return s
}

func TestRailPath(t *testing.T) {
	tests := []struct {
		name string
		unit string
		to   string
		opts RailOpts // Friendly is filled in
		prep func(t *testing.T, s *State)
		path []string // the path, or
		rule string   // the rule that refuses it
		msg  string   // ... and part of its message
	}{
		{name: "past A-1817", unit: "army-2", to: "A-1816", rule: "rail-friendly", msg: "A-1817 lies on the way"},
		{name: "up to A-1817", unit: "army-2", to: "A-1917", path: []string{"A-1917"}},
		{name: "into A-1817", unit: "army-1", to: "A-1817", rule: "rail-friendly", msg: "A-1817 is not friendly"},
		{name: "short of A-1817", unit: "army-1", to: "A-1816", path: []string{"A-1714", "A-1715", "A-1716", "A-1816"}},
		{name: "backwards", unit: "army-1", to: "A-1513", path: []string{"A-1513"}},
		{name: "across the off-map link", unit: "army-3", to: "A-2503", path: []string{"A-2902", "A-2901", "A-2501", "A-2502", "A-2503"}},
		{name: "no line", unit: "army-1", to: "A-2503", rule: "rail-line", msg: "no rail line joins"},
		{name: "not a rail hex", unit: "army-1", to: "A-1614", rule: "rail-line"},
		{name: "not from a rail hex", unit: "army-4", to: "A-1816", rule: "rail-start"},
		{name: "nowhere", unit: "army-1", to: "A-1613", rule: "path"},
		{name: "not on the map", unit: "army-1", to: "A-1816", rule: "not-on-map",
			prep: func(t *testing.T, s *State) { s.Take(unitIndex(t, s, "army-1"), Eliminated) }},
		{name: "onto a friend", unit: "army-1", to: "A-2016", rule: "stack",
			prep: func(t *testing.T, s *State) { s.RailOwner[hx(t, s.Map, "A-1817")] = Soviet }},
		{name: "through a friend", unit: "army-1", to: "A-2116", path: []string{"A-1714", "A-1715", "A-1716", "A-1816", "A-1817", "A-1917", "A-2016", "A-2116"},
			prep: func(t *testing.T, s *State) { s.RailOwner[hx(t, s.Map, "A-1817")] = Soviet }},
		{name: "through an enemy", unit: "army-1", to: "A-1816", rule: "enemy-unit", msg: "A-1715",
			prep: func(t *testing.T, s *State) { place(t, s, "ger", Axis, "A-1715", ZOCNone) }},
		{name: "onto an enemy", unit: "army-1", to: "A-1715", rule: "enemy-unit",
			prep: func(t *testing.T, s *State) { place(t, s, "ger", Axis, "A-1715", ZOCNone) }},
		// GDW: rail movement ignores zones of control.
		{name: "through a ZOC", unit: "army-1", to: "A-1816", path: []string{"A-1714", "A-1715", "A-1716", "A-1816"},
			prep: func(t *testing.T, s *State) { place(t, s, "ger", Axis, "A-1615", ZOCFull) }},
		// ADC2: not through an enemy zone of control, nor into one.
		{name: "NoEnemyZOC through", unit: "army-1", to: "A-1816", opts: RailOpts{NoEnemyZOC: true}, rule: "rail-zoc", msg: "A-1715",
			prep: func(t *testing.T, s *State) { place(t, s, "ger", Axis, "A-1615", ZOCFull) }},
		{name: "NoEnemyZOC into", unit: "army-2", to: "A-1917", opts: RailOpts{NoEnemyZOC: true}, rule: "rail-zoc",
			prep: func(t *testing.T, s *State) { place(t, s, "ger", Axis, "A-1918", ZOCFull) }},
		{name: "NoEnemyZOC clear", unit: "army-1", to: "A-1816", opts: RailOpts{NoEnemyZOC: true}, path: []string{"A-1714", "A-1715", "A-1716", "A-1816"},
			prep: func(t *testing.T, s *State) { place(t, s, "ger", Axis, "A-1418", ZOCFull) }},
		// GDW: Zones of Control / Movement: a rail move stops on entering an
		// enemy zone of control; it may end there or leave one it starts in.
		{name: "ZOCStop through", unit: "army-1", to: "A-1816", opts: RailOpts{ZOCStop: true}, rule: "rail-zoc-stop", msg: "A-1715 lies on the way",
			prep: func(t *testing.T, s *State) { place(t, s, "ger", Axis, "A-1615", ZOCFull) }},
		{name: "ZOCStop into", unit: "army-1", to: "A-1715", opts: RailOpts{ZOCStop: true}, path: []string{"A-1714", "A-1715"},
			prep: func(t *testing.T, s *State) { place(t, s, "ger", Axis, "A-1615", ZOCFull) }},
		{name: "ZOCStop leaving", unit: "army-1", to: "A-1816", opts: RailOpts{ZOCStop: true}, path: []string{"A-1714", "A-1715", "A-1716", "A-1816"},
			prep: func(t *testing.T, s *State) { place(t, s, "ger", Axis, "A-1612", ZOCFull) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := railExample(t)
			if tt.prep != nil {
				tt.prep(t, s)
			}
			// Friendliness is judged at the start of the phase.
			opts := tt.opts
			opts.Friendly = slices.Clone(s.RailOwner)
			k := unitIndex(t, s, tt.unit)
			p, err := s.RailPath(k, hx(t, s.Map, tt.to), opts)
			if got := ruleOf(err); got != tt.rule {
				t.Fatalf("RailPath = %v, %v (rule %q); want rule %q", names(s.Map, p), err, got, tt.rule)
			}
			if err != nil {
				if !strings.Contains(err.Error(), tt.msg) {
					t.Errorf("refusal %q does not contain %q", err, tt.msg)
				}
				return
			}
			if got := names(s.Map, p); !slices.Equal(got, tt.path) {
				t.Errorf("RailPath = %v, want %v", got, tt.path)
			}
		})
	}
}

// Rail friendliness is judged at the start of the phase: an enemy moving
// through a rail hex later in the phase does not bar it (RailOpts.Friendly
// is a snapshot), while the live RailOwner changes at once.
func TestRailFriendlySnapshot(t *testing.T) {
	s := railExample(t)
	opts := RailOpts{Friendly: slices.Clone(s.RailOwner)}
	ger := place(t, s, "ger", Axis, "A-1615", ZOCNone)
	s.Move(ger, hxs(t, s.Map, "A-1715", "A-1815"), 0)
	a1715 := hx(t, s.Map, "A-1715")
	if s.RailOwner[a1715] != Axis || opts.Friendly[a1715] != Soviet {
		t.Fatalf("A-1715: live owner %v, snapshot %v", s.RailOwner[a1715], opts.Friendly[a1715])
	}
	k, dst := unitIndex(t, s, "army-1"), hx(t, s.Map, "A-1816")
	if _, err := s.RailPath(k, dst, opts); err != nil {
		t.Errorf("with the snapshot army-1 may rail through A-1715: %v", err)
	}
	live := RailOpts{Friendly: s.RailOwner}
	if _, err := s.RailPath(k, dst, live); ruleOf(err) != "rail-friendly" {
		t.Errorf("with the live owners: %v, want rail-friendly", err)
	}
}

// place puts a new unit of side on hex id and returns its index.
func place(t *testing.T, s *State, id string, side Side, hex string, zoc ZOCKind) int {
	t.Helper()
	s.Units = append(s.Units, Unit{Ident: &Ident{ID: id, Kind: "infantry"}, Side: side, MP: 6, ZOC: zoc, Stacks: true, Hex: -1})
	k := len(s.Units) - 1
	s.byID[id] = k
	if err := s.Place(k, hx(t, s.Map, hex)); err != nil {
		t.Fatal(err)
	}
	return k
}

// TestRailReach: the routes RailReach finds are those RailPath finds,
// on the rulebook example's lines and across the off-map link.
func TestRailReach(t *testing.T) {
	s := loadFixture(t, "rail.txt")
	o := RailOpts{Friendly: s.RailOwner}
	for _, id := range []string{"army-1", "army-2", "army-3"} {
		k := unitIndex(t, s, id)
		r := s.RailReach(k, o)
		if len(r.Dests) == 0 {
			t.Fatalf("%s: no rail destinations", id)
		}
		for _, h := range r.Dests {
			p, err := s.RailPath(k, h, o)
			if err != nil || !slices.Equal(p, r.Path(h)) {
				t.Errorf("%s to %s: RailReach's path %v, RailPath's %v (%v)", id, s.Map.ID(h), names(s.Map, r.Path(h)), names(s.Map, p), err)
			}
		}
	}
}

// BenchmarkRailReach finds a unit's rail routes on a grid of lines over
// a 30×22 sheet.
func BenchmarkRailReach(b *testing.B) {
	var f strings.Builder
	f.WriteString("sheet A 0 0 30 22\nowner soviet\nunit army-1 soviet infantry 6 A-0101\n")
	for r := 1; r <= 22; r += 3 {
		f.WriteString("rail")
		for c := 1; c <= 30; c++ {
			f.WriteString(" A-" + twoDigits(c) + twoDigits(r))
		}
		f.WriteString("\n")
	}
	for c := 1; c <= 30; c += 4 {
		f.WriteString("rail")
		for r := 1; r <= 22; r++ {
			f.WriteString(" A-" + twoDigits(c) + twoDigits(r))
		}
		f.WriteString("\n")
	}
	s := parseFixture(b, f.String())
	k := unitIndex(b, s, "army-1")
	o := RailOpts{Friendly: s.RailOwner}
	b.ReportAllocs()
	for b.Loop() {
		s.RailReach(k, o)
	}
}

func twoDigits(n int) string { return string([]byte{byte('0' + n/10), byte('0' + n%10)}) }
