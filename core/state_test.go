package core

import (
	"slices"
	"strings"
	"testing"
)

func TestNewStateErrors(t *testing.T) {
	m := parseFixture(t, moveGround+"lake B-0909").Map
	unit := func(id, hex string) Unit {
		return Unit{Ident: &Ident{ID: id}, Stacks: true, Hex: hx(t, m, hex), Status: OnMap}
	}
	tests := []struct {
		name  string
		units []Unit
		want  string
	}{
		{"same id", []Unit{unit("a", "B-0101"), unit("a", "B-0102")}, "used twice"},
		{"water", []Unit{unit("a", "B-0909")}, "lake hex"},
		{"stacked", []Unit{unit("a", "B-0101"), unit("b", "B-0101")}, "already holds a"},
		{"off the map", []Unit{{Ident: &Ident{ID: "a"}, Hex: m.Len(), Status: OnMap}}, "off the map"},
	}
	for _, tt := range tests {
		_, err := NewState(m, tt.units)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: NewState error = %v, want one containing %q", tt.name, err, tt.want)
		}
	}
}

func TestPlaceTakeRelocate(t *testing.T) {
	s := parseFixture(t, moveGround+`
rail B-0504 B-0503
unit ger axis infantry 6 B-0505
unit hq axis infantry 6 B-0505 nostack zoc=own
unit sov soviet infantry 6 B-0808
unit part soviet infantry 6 B-0101 zoc=own
`)
	m := s.Map
	checkZOC(t, s)
	ger, hq, sov := unitIndex(t, s, "GER"), unitIndex(t, s, "hq"), unitIndex(t, s, "sov")
	if s.Occupant(hx(t, m, "B-0505")) != ger {
		t.Errorf("the non-stacking hq took B-0505")
	}
	if !s.ZOC(Axis, hx(t, m, "B-0505")) || !s.ZOC(Soviet, hx(t, m, "B-0101")) || s.ZOC(Soviet, hx(t, m, "B-0102")) {
		t.Errorf("own-hex zones of control wrong")
	}
	if err := s.Place(ger, hx(t, m, "B-0303")); err == nil {
		t.Errorf("Place of a unit on the map succeeded")
	}
	s.Take(sov, Eliminated)
	if s.Units[sov].Hex != -1 || s.Units[sov].Status != Eliminated || s.Occupant(hx(t, m, "B-0808")) != -1 {
		t.Errorf("Take left %+v", s.Units[sov])
	}
	checkZOC(t, s)
	for _, tt := range []struct{ hex, want string }{
		{"B-0505", "already holds ger"},
		{"B-0504", ""},
	} {
		err := s.Place(sov, hx(t, m, tt.hex))
		if tt.want == "" && err != nil || tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)) {
			t.Errorf("Place(sov, %s) = %v, want %q", tt.hex, err, tt.want)
		}
	}
	if s.Control[hx(t, m, "B-0504")] != Soviet || s.RailOwner[hx(t, m, "B-0504")] != Soviet {
		t.Errorf("a placed unit did not take its hex")
	}
	checkZOC(t, s)
	c := s.Clone()
	c.Relocate(ger, hx(t, m, "B-0503"))
	c.Relocate(hq, hx(t, m, "B-0503"))
	checkZOC(t, c)
	checkZOC(t, s)
	if s.Units[ger].Hex != hx(t, m, "B-0505") || s.Occupant(hx(t, m, "B-0503")) != -1 || s.RailOwner[hx(t, m, "B-0503")] != Axis {
		t.Errorf("Relocate on a clone changed the original")
	}
	if c.Occupant(hx(t, m, "B-0503")) != ger || c.Occupant(hx(t, m, "B-0505")) != -1 {
		t.Errorf("Relocate: occupant of B-0503 %d, of B-0505 %d", c.Occupant(hx(t, m, "B-0503")), c.Occupant(hx(t, m, "B-0505")))
	}
	s.RecomputeZOC(Axis)
	s.RecomputeZOC(Soviet)
	checkZOC(t, s)
}

// TestOccupy: a unit marks the hexes it enters friendly to its side, rail
// included (GDW: Movement / rail lines), unless it does not occupy (ADC2:
// Control of Hexes: leaders, air units and partisans take no control).
func TestOccupy(t *testing.T) {
	s := parseFixture(t, `
sheet B 0 0 20 10
owner soviet
rail B-0504 B-0503
unit ger axis infantry 6 B-0505
unit hq axis infantry 6 B-0506 nostack zoc=none nooccupy
unit par axis infantry 6 B-0507 nooccupy
`)
	m := s.Map
	ger, hq, par := unitIndex(t, s, "ger"), unitIndex(t, s, "hq"), unitIndex(t, s, "par")
	owner := func(id string) (Side, Side) { i := hx(t, m, id); return s.Control[i], s.RailOwner[i] }
	if c, r := owner("B-0506"); c != Soviet || r != Soviet {
		t.Errorf("set-up hq took B-0506: control %v", c)
	}
	s.Move(hq, hxs(t, m, "B-0406", "B-0405", "B-0404"), 0)
	s.Relocate(par, hx(t, m, "B-0503"))
	for _, id := range []string{"B-0406", "B-0405", "B-0404", "B-0503"} {
		if c, r := owner(id); c != Soviet || r != Soviet {
			t.Errorf("%s: control %v, rail %v after a unit that does not occupy; want soviet", id, c, r)
		}
	}
	s.Move(ger, hxs(t, m, "B-0504", "B-0503"), 0)
	for _, id := range []string{"B-0504", "B-0503"} {
		if c, r := owner(id); c != Axis || r != Axis {
			t.Errorf("%s: control %v, rail %v after ger; want axis", id, c, r)
		}
	}
	checkZOC(t, s)
}

func TestUnitSteps(t *testing.T) {
	u := Unit{Attack: [2]int{8, 4}, Defense: [2]int{9, 5}}
	if u.Step() != 0 || u.AttackNow() != 8 || u.DefenseNow() != 9 || !u.HasHalf() || u.StepsLeft() != 2 {
		t.Errorf("full strength: %d %d %d %v %d", u.Step(), u.AttackNow(), u.DefenseNow(), u.HasHalf(), u.StepsLeft())
	}
	u.Reduced = true
	if u.Step() != 1 || u.AttackNow() != 4 || u.DefenseNow() != 5 || u.StepsLeft() != 1 {
		t.Errorf("half strength: %d %d %d %d", u.Step(), u.AttackNow(), u.DefenseNow(), u.StepsLeft())
	}
	if one := (&Unit{Attack: [2]int{1, 0}}); one.HasHalf() || one.StepsLeft() != 1 {
		t.Errorf("a one-step unit has a half-strength side")
	}
	for st, want := range map[Status]string{Pending: "pending", OnMap: "on map", Eliminated: "eliminated", Withdrawn: "withdrawn", Removed: "removed"} {
		if st.String() != want {
			t.Errorf("Status(%d) = %q, want %q", st, st, want)
		}
	}
}

// TestOverstackAndLeave lets a second stacking unit stand in a hex for the
// moment: the hex is reported over-stacked, and when the first leaves the
// second becomes the occupant.
func TestOverstackAndLeave(t *testing.T) {
	m, err := NewMap("t", []Sheet{{Name: "B", Cols: 10, Rows: 10}}, Soviet)
	if err != nil {
		t.Fatal(err)
	}
	h, _ := m.ParseHex("B-0505")
	g, _ := m.ParseHex("B-0506")
	units := []Unit{
		{Ident: &Ident{ID: "a"}, Side: Soviet, Stacks: true, Hex: h, Status: OnMap},
		{Ident: &Ident{ID: "b"}, Side: Soviet, Stacks: true, Hex: g, Status: OnMap},
	}
	s, err := NewState(m, units)
	if err != nil {
		t.Fatal(err)
	}
	s.Relocate(1, h)
	if got := s.Overstacked(Soviet); len(got) != 1 || got[0] != h {
		t.Fatalf("Overstacked = %v, want [B-0505]", got)
	}
	if got := s.UnitsAt(h); !slices.Equal(got, []int{0, 1}) {
		t.Errorf("UnitsAt = %v, want the occupant first: [0 1]", got)
	}
	if got := s.AppendUnitsAt([]int{9}, h); !slices.Equal(got, []int{9, 0, 1}) {
		t.Errorf("AppendUnitsAt = %v, want [9 0 1]", got)
	}
	if s.Occupant(h) != 0 {
		t.Errorf("the first unit should stay the occupant")
	}
	s.Relocate(0, g)
	if s.Occupant(h) != 1 || s.Occupant(g) != 0 || len(s.Overstacked(Soviet)) != 0 {
		t.Errorf("after a left: occupants %d %d, overstacked %v", s.Occupant(h), s.Occupant(g), s.Overstacked(Soviet))
	}
	s.Take(1, Eliminated)
	if s.Occupant(h) != -1 || s.EnemyAt(Axis, h) {
		t.Errorf("the hex should be empty")
	}
}

// TestPlaceable: Placeable answers as CanPlace does on every hex of a
// fixture with land, water and occupied hexes, for a stacking unit, a
// unit that does not stack and a unit asked about its own hex.
func TestPlaceable(t *testing.T) {
	s := parseFixture(t, `sheet B 0 0 6 4
grid B
|..~.
|.l..
unit a soviet infantry 6 B-0101
unit b soviet infantry 6 B-0201
unit c soviet garrison 2 B-0102 nostack
`)
	for k := range s.Units {
		for i := -1; i <= s.Map.Len(); i++ {
			if got, want := s.Placeable(k, i), s.CanPlace(k, i) == nil; got != want {
				t.Errorf("unit %s, hex %d: Placeable %v, CanPlace allows %v", s.Units[k].ID, i, got, want)
			}
		}
	}
}
