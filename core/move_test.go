package core

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// Movement classes of gdwRules.
const (
	classInfantry = iota
	classMountain
	classCavalry
	classArmor
)

// gdwRules is the GDW Terrain Effects Chart as a MoveRules table.
func gdwRules() *MoveRules {
	const no, stop = CostNo, CostStop
	return &MoveRules{
		Cost: [][NumTerrain]int8{
			// clear forest swamp mountain rough sea lake
			classInfantry: {1, 2, 3, 4, 2, no, no},
			classMountain: {1, 2, 3, 2, 2, no, no},
			classCavalry:  {1, 2, 3, 4, 2, no, no},
			classArmor:    {1, 4, stop, stop, 3, no, no},
		},
		RiverExtra:  1,
		StraitExtra: 1,
		StraitNo:    []bool{classArmor: true},
		StraitLimit: 1,
	}
}

func TestMovementRulebookExample(t *testing.T) {
	tests := []struct {
		fixture string
		unit    string
		path    []string
		snow    int    // Mover.Extra
		mp      int    // points spent
		rule    string // or the rule that refuses the move
	}{
		// city and river 1+1, clear 1, clear 1, forest 2
		{"movement.txt", "army-1", []string{"B-1003", "B-1004", "B-1005", "B-1006"}, 0, 6, ""},
		{"movement.txt", "army-1", []string{"B-1003", "B-1004", "B-1005", "B-1006", "B-1007"}, 0, 0, "mp"},
		// river and clear 1+1, forest 4 for armour, river and clear 1+1
		{"movement.txt", "tank-1", []string{"B-1204", "B-1205", "B-1106"}, 0, 8, ""},
		// river 1, swamp 3
		{"movement.txt", "army-2", []string{"B-1305"}, 0, 4, ""},
		// "This unit could move into hex B-1205 if it desired"
		{"movement.txt", "army-2", []string{"B-1305", "B-1205"}, 0, 6, ""},
		// armour must stop on entering a swamp; the stop uses up the allowance
		{"movement.txt", "tank-2", []string{"B-1405", "B-1406"}, 0, 0, "stop-terrain"},
		{"movement.txt", "tank-2", []string{"B-1405"}, 0, 8, ""},
		// snow: clear 1+1, forest 4+1
		{"snow.txt", "pz-1", []string{"B-0605", "B-0705"}, 1, 7, ""},
		{"snow.txt", "pz-1", []string{"B-0605", "B-0705"}, 0, 5, ""},
		{"snow.txt", "pz-1", []string{"B-0605", "B-0705", "B-0805", "B-0905"}, 1, 0, "mp"},
	}
	for _, tt := range tests {
		t.Run(tt.unit+" "+strings.Join(tt.path, " "), func(t *testing.T) {
			s := loadFixture(t, tt.fixture)
			k := unitIndex(t, s, tt.unit)
			mv := NewMover(s, gdwRules())
			mv.Extra = tt.snow
			res, err := mv.CheckPath(k, hxs(t, s.Map, tt.path...), s.Units[k].MP)
			if got := ruleOf(err); got != tt.rule {
				t.Fatalf("CheckPath: %v (rule %q), want rule %q", err, got, tt.rule)
			}
			if err != nil {
				return
			}
			if res.MP != tt.mp {
				t.Errorf("CheckPath spends %d MP, want %d", res.MP, tt.mp)
			}
			// Reach finds the end no dearer than this path.
			end := hx(t, s.Map, tt.path[len(tt.path)-1])
			mv.Reach(k, s.Units[k].MP)
			if got := mv.Spent(end); got < 0 || got > tt.mp || !mv.CanEnd(k, end) {
				t.Errorf("Reach: Spent(%s) = %d, CanEnd %v; want 0 < spent <= %d", tt.path[len(tt.path)-1], got, mv.CanEnd(k, end), tt.mp)
			}
		})
	}
}

// The ground on which TestMoveRestrictions plays: ger (Axis) starts in
// B-0505 of an empty clear sheet; each case adds what it needs.
const moveGround = `
sheet B 0 0 20 10
owner axis
`

func TestMoveRestrictions(t *testing.T) {
	tests := []struct {
		name  string
		setup string // fixture lines after moveGround
		path  []string
		mp    int
		rule  string
		prep  func(s *State)
	}{
		{"enter ZOC", "unit ger axis infantry 6 B-0505\nunit sov soviet infantry 6 B-0805",
			[]string{"B-0605", "B-0705"}, 2, "", nil},
		{"ZOC stops", "unit ger axis infantry 6 B-0505\nunit sov soviet infantry 6 B-0805",
			[]string{"B-0605", "B-0705", "B-0706"}, 0, "zoc-stop", nil},
		{"ZOC stops on the first hex", "unit ger axis infantry 6 B-0505\nunit sov soviet infantry 6 B-0705",
			[]string{"B-0605", "B-0606"}, 0, "zoc-stop", nil},
		{"leave ZOC and go on", "unit ger axis infantry 6 B-0505\nunit sov soviet infantry 6 B-0605",
			[]string{"B-0504", "B-0503"}, 2, "", nil},
		{"leave ZOC up to the next", "unit ger axis infantry 6 B-0505\nunit sov soviet infantry 6 B-0605\nunit sov2 soviet infantry 6 B-0401",
			[]string{"B-0504", "B-0503", "B-0502"}, 3, "", nil},
		{"leave ZOC, stop at the next", "unit ger axis infantry 6 B-0505\nunit sov soviet infantry 6 B-0605\nunit sov2 soviet infantry 6 B-0401",
			[]string{"B-0504", "B-0503", "B-0502", "B-0501"}, 0, "zoc-stop", nil},
		{"ZOC to ZOC", "unit ger axis infantry 6 B-0505\nunit sov soviet infantry 6 B-0605",
			[]string{"B-0506"}, 1, "", nil},
		{"ZOC to ZOC stops", "unit ger axis infantry 6 B-0505\nunit sov soviet infantry 6 B-0605",
			[]string{"B-0506", "B-0507"}, 0, "zoc-stop", nil},
		{"no ZOC from a ZOCNone unit", "unit ger axis infantry 6 B-0505\nunit sov soviet infantry 6 B-0605 zoc=none",
			[]string{"B-0506", "B-0507"}, 2, "", nil},
		{"own-hex ZOC only", "unit ger axis infantry 6 B-0505\nunit sov soviet infantry 6 B-0605 zoc=own",
			[]string{"B-0506", "B-0507"}, 2, "", nil},
		{"friendly ZOC does nothing", "unit ger axis infantry 6 B-0505\nunit ger2 axis infantry 6 B-0605",
			[]string{"B-0506", "B-0507"}, 2, "", nil},
		{"through a friend", "unit ger axis infantry 6 B-0505\nunit ger2 axis infantry 6 B-0504",
			[]string{"B-0504", "B-0503"}, 2, "", nil},
		{"end on a friend", "unit ger axis infantry 6 B-0505\nunit ger2 axis infantry 6 B-0504",
			[]string{"B-0504"}, 0, "stack", nil},
		{"end on a non-stacking friend", "unit ger axis infantry 6 B-0505\nunit hq axis infantry 6 B-0504 nostack zoc=none",
			[]string{"B-0504"}, 1, "", nil},
		{"enemy unit", "unit ger axis infantry 6 B-0505\nunit sov soviet infantry 6 B-0504",
			[]string{"B-0504"}, 0, "enemy-unit", nil},
		{"through an enemy unit", "unit ger axis infantry 6 B-0505\nunit sov soviet infantry 6 B-0503 zoc=none",
			[]string{"B-0504", "B-0503", "B-0502"}, 0, "enemy-unit", nil},
		{"lake hex", "unit ger axis infantry 6 B-0505\nlake B-0504",
			[]string{"B-0504"}, 0, "water", nil},
		{"sea hex", "unit ger axis infantry 6 B-0505\nsea B-0504",
			[]string{"B-0504"}, 0, "water", nil},
		{"lake hexside", "unit ger axis infantry 6 B-0505\nwaterside B-0505 B-0504",
			[]string{"B-0504"}, 0, "water", nil},
		{"gap", "unit ger axis infantry 6 B-0505",
			[]string{"B-0504", "B-0502"}, 0, "path", nil},
		{"gap at the start", "unit ger axis infantry 6 B-0505",
			[]string{"B-0503"}, 0, "path", nil},
		{"back to the start", "unit ger axis infantry 6 B-0505",
			[]string{"B-0504", "B-0505"}, 0, "path", nil},
		{"round trip", "unit ger axis infantry 6 B-0505",
			[]string{"B-0504", "B-0505", "B-0506"}, 3, "", nil},
		{"empty path", "unit ger axis infantry 6 B-0505",
			nil, 0, "path", nil},
		{"not on the map", "unit ger axis infantry 6 B-0505",
			[]string{"B-0504"}, 0, "not-on-map", func(s *State) { s.Take(0, Eliminated) }},
		{"out of points", "unit ger axis infantry 6 B-0505",
			[]string{"B-0504", "B-0503", "B-0502", "B-0501", "B-0601", "B-0701"}, 6, "", nil},
		{"out of points by one", "unit ger axis infantry 6 B-0505",
			[]string{"B-0504", "B-0503", "B-0502", "B-0501", "B-0601", "B-0701", "B-0801"}, 0, "mp", nil},
		{"one hex always", "unit ger axis infantry 2 B-0505\nmountain B-0504",
			[]string{"B-0504"}, 2, "", nil},
		{"one hex always, across a river", "unit ger axis infantry 2 B-0505\nmountain B-0504\nriver B-0505 B-0504",
			[]string{"B-0504"}, 2, "", nil},
		{"one hex, not two", "unit ger axis infantry 2 B-0505\nmountain B-0504",
			[]string{"B-0504", "B-0503"}, 0, "mp", nil},
		{"one hex only as the first", "unit ger axis infantry 2 B-0505\nmountain B-0503",
			[]string{"B-0504", "B-0503"}, 0, "mp", nil},
		{"mountain troops", "unit ger axis mountain 4 B-0505\nmountain B-0504 B-0503",
			[]string{"B-0504", "B-0503"}, 4, "", nil},
		{"cavalry in mountains", "unit ger axis cavalry 4 B-0505\nmountain B-0504 B-0503",
			[]string{"B-0504", "B-0503"}, 0, "mp", nil},
		{"river", "unit ger axis infantry 6 B-0505\nriver B-0505 B-0504\nforest B-0504",
			[]string{"B-0504", "B-0503"}, 4, "", nil},
		{"armour in forest and rough", "unit ger axis panzer 8 B-0505\nforest B-0504\nrough B-0503",
			[]string{"B-0504", "B-0503"}, 7, "", nil},
		{"armour stops in mountains", "unit ger axis panzer 8 B-0505\nmountain B-0504",
			[]string{"B-0504", "B-0503"}, 0, "stop-terrain", nil},
		{"armour stops in a swamp after moving", "unit ger axis panzer 8 B-0505\nswamp B-0503",
			[]string{"B-0504", "B-0503"}, 8, "", nil},
		{"strait", "unit ger axis infantry 6 B-0505\nwaterside B-0505 B-0504\nstrait B-0505 B-0504",
			[]string{"B-0504", "B-0503"}, 3, "", nil},
		{"strait, no armour", "unit ger axis panzer 8 B-0505\nwaterside B-0505 B-0504\nstrait B-0505 B-0504",
			[]string{"B-0504"}, 0, "strait-class", nil},
		{"strait, once a turn", "unit ger axis infantry 6 B-0505\nwaterside B-0505 B-0504\nstrait B-0505 B-0504",
			[]string{"B-0504"}, 0, "strait-limit", func(s *State) { s.StraitUsed[Axis] = 1 }},
		{"strait, the other side's crossing", "unit ger axis infantry 6 B-0505\nwaterside B-0505 B-0504\nstrait B-0505 B-0504",
			[]string{"B-0504"}, 2, "", func(s *State) { s.StraitUsed[Soviet] = 1 }},
		{"strait, not twice in one move", "unit ger axis infantry 6 B-0505\nwaterside B-0505 B-0504\nstrait B-0505 B-0504",
			[]string{"B-0504", "B-0505"}, 0, "strait-limit", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := parseFixture(t, moveGround+tt.setup)
			if tt.prep != nil {
				tt.prep(s)
			}
			k := unitIndex(t, s, "ger")
			mv := NewMover(s, gdwRules())
			res, err := mv.CheckPath(k, hxs(t, s.Map, tt.path...), s.Units[k].MP)
			if got := ruleOf(err); got != tt.rule {
				t.Fatalf("CheckPath = %+v, %v (rule %q); want rule %q", res, err, got, tt.rule)
			}
			if err == nil && res.MP != tt.mp {
				t.Errorf("CheckPath spends %d MP, want %d", res.MP, tt.mp)
			}
			if err != nil && err.Error() == "" {
				t.Errorf("refusal without a message")
			}
			if tt.rule == "" && strings.Contains(tt.setup, "strait") && res.Straits != 1 {
				t.Errorf("CheckPath crossed %d straits, want 1", res.Straits)
			}
		})
	}
}

func TestMoveUpdatesState(t *testing.T) {
	s := parseFixture(t, moveGround+`
rail B-0504 B-0503
unit ger axis infantry 6 B-0505
unit sov soviet infantry 6 B-0805
`)
	m := s.Map
	k := unitIndex(t, s, "ger")
	s.Control[hx(t, m, "B-0504")] = Soviet
	s.RailOwner[hx(t, m, "B-0504")] = Soviet
	s.Control[hx(t, m, "B-0503")] = Soviet
	mv := NewMover(s, gdwRules())
	path := hxs(t, m, "B-0504", "B-0503")
	res, err := mv.CheckPath(k, path, 6)
	if err != nil {
		t.Fatal(err)
	}
	s.Move(k, path, res.Straits)
	end := hx(t, m, "B-0503")
	if s.Units[k].Hex != end || s.Occupant(end) != k || s.Occupant(hx(t, m, "B-0505")) != -1 {
		t.Errorf("after the move: unit in %s, occupant of B-0503 %d, of B-0505 %d", m.ID(s.Units[k].Hex), s.Occupant(end), s.Occupant(hx(t, m, "B-0505")))
	}
	for _, id := range []string{"B-0504", "B-0503"} {
		if i := hx(t, m, id); s.Control[i] != Axis || s.RailOwner[i] != Axis {
			t.Errorf("%s: control %v, rail owner %v; want axis", id, s.Control[i], s.RailOwner[i])
		}
	}
	checkZOC(t, s)
}

// checkZOC compares the state's zone-of-control counts with a count from
// scratch.
func checkZOC(t *testing.T, s *State) {
	t.Helper()
	for side := Axis; side <= Soviet; side++ {
		want := make([]int, s.Map.Len())
		present, passive := make([]int, s.Map.Len()), make([]int, s.Map.Len())
		for _, u := range s.Units {
			if u.Side != side || u.Status != OnMap {
				continue
			}
			if u.Blocks() {
				present[u.Hex]++
				if u.NoOccupy {
					passive[u.Hex]++
				}
			}
			switch u.ZOC {
			case ZOCFull:
				for _, n := range s.Map.Nbr[u.Hex] {
					if n >= 0 {
						want[n]++
					}
				}
			case ZOCOwnHex:
				want[u.Hex]++
			}
		}
		for i, w := range want {
			if int(s.zoc[side][i]) != w {
				t.Fatalf("%v ZOC count of %s = %d, want %d", side, s.Map.ID(i), s.zoc[side][i], w)
			}
			pass := 0
			if s.passive[side] != nil {
				pass = int(s.passive[side][i])
			}
			if int(s.present[side][i]) != present[i] || pass != passive[i] {
				t.Fatalf("%v units in %s: %d blocking, %d passive; want %d, %d", side, s.Map.ID(i), s.present[side][i], pass, present[i], passive[i])
			}
		}
	}
}

// bruteReach tries every simple path of unit k with CheckPath. It returns,
// per hex, the least MP of a path that passes CheckPath except perhaps for
// ending on a friend (-1 for none), and whether the unit may end there.
func bruteReach(mv *Mover, k, mp int) (spent []int, end []bool) {
	s := mv.S
	spent = make([]int, s.Map.Len())
	end = make([]bool, s.Map.Len())
	for i := range spent {
		spent[i] = -1
	}
	start := s.Units[k].Hex
	onPath := map[int]bool{start: true}
	var path []int
	var walk func(a int)
	walk = func(a int) {
		for _, n := range s.Map.Nbr[a] {
			b := int(n)
			if b < 0 || onPath[b] {
				continue
			}
			path = append(path, b)
			res, err := mv.CheckPath(k, path, mp)
			if r := ruleOf(err); r == "stack" {
				// What the path costs, were the friend not there.
				o := s.occ[b]
				s.occ[b] = -1
				res, err = mv.CheckPath(k, path, mp)
				s.occ[b] = o
				if err != nil {
					panic(err)
				}
				err = &RuleError{Rule: r}
			}
			if r := ruleOf(err); r == "" || r == "stack" {
				if spent[b] < 0 || res.MP < spent[b] {
					spent[b] = res.MP
				}
				end[b] = end[b] || r == ""
				onPath[b] = true
				walk(b)
				onPath[b] = false
			}
			path = path[:len(path)-1]
		}
	}
	walk(start)
	return spent, end
}

// randomPosition makes a small random map with a few units; unit 0 is the
// one to move.
func randomPosition(t *testing.T, rng *rand.Rand) *State {
	var b strings.Builder
	b.WriteString("sheet A 0 0 8 6\nowner axis\ngrid A\n")
	const terrain = "......ffssmmrrl~"
	for range 6 {
		b.WriteByte('|')
		for range 8 {
			b.WriteByte(terrain[rng.IntN(len(terrain))])
		}
		b.WriteByte('\n')
	}
	s := parseFixture(t, b.String())
	m := s.Map
	var land []int
	for i, on := range m.OnMap {
		if on && !m.Terrain[i].Water() {
			land = append(land, i)
		}
	}
	// Reach counts strait crossings only against State.StraitUsed, so a
	// map has at most one strait hexside, as the GDW map has.
	strait := false
	for _, a := range land {
		for d := N; d <= SE; d++ {
			n := int(m.Nbr[a][d])
			if n < 0 {
				continue
			}
			switch r := rng.IntN(20); {
			case r < 4:
				m.AddRiver(a, n)
			case r == 4:
				m.AddWaterSide(a, n)
			case r == 5 && !strait:
				m.AddWaterSide(a, n)
				m.AddStrait(a, n)
				strait = true
			}
		}
	}
	rng.Shuffle(len(land), func(i, j int) { land[i], land[j] = land[j], land[i] })
	kinds := []string{"infantry", "mountain", "cavalry", "panzer"}
	var units []Unit
	add := func(id string, side Side, kind string, mp int, zoc ZOCKind) {
		units = append(units, Unit{Ident: &Ident{ID: id, Kind: kind}, Side: side, Class: kindClass[kind], MP: mp, ZOC: zoc,
			Stacks: true, Hex: land[len(units)], Status: OnMap})
	}
	add("mover", Axis, kinds[rng.IntN(4)], rng.IntN(7), ZOCFull)
	for k := range 1 + rng.IntN(3) {
		add(fmt.Sprint("sov", k), Soviet, "infantry", 6, ZOCKind(rng.IntN(3)))
	}
	for k := range rng.IntN(3) {
		add(fmt.Sprint("ger", k), Axis, "infantry", 6, ZOCFull)
	}
	st, err := NewState(m, units)
	if err != nil {
		t.Fatal(err)
	}
	st.StraitUsed[Axis] = rng.IntN(2)
	return st
}

func TestReachMatchesCheckPath(t *testing.T) {
	rng := rand.New(rand.NewPCG(1941, 1945))
	for trial := range 300 {
		s := randomPosition(t, rng)
		mv := NewMover(s, gdwRules())
		mv.Extra = rng.IntN(2)
		const k = 0
		mp := s.Units[k].MP
		mv.Reach(k, mp)
		spent, end := bruteReach(mv, k, mp)
		start := s.Units[k].Hex
		for i := range spent {
			if i == start {
				if mv.Spent(i) != 0 || mv.CanEnd(k, i) {
					t.Fatalf("trial %d: start %s: Spent %d, CanEnd %v", trial, s.Map.ID(i), mv.Spent(i), mv.CanEnd(k, i))
				}
				continue
			}
			if mv.Spent(i) != spent[i] || mv.CanEnd(k, i) != end[i] {
				t.Fatalf("trial %d (%s %d MP, extra %d, from %s): %s: Reach spent %d, can end %v; all paths: spent %d, can end %v",
					trial, s.Units[k].Kind, mp, mv.Extra, s.Map.ID(start), s.Map.ID(i), mv.Spent(i), mv.CanEnd(k, i), spent[i], end[i])
			}
			// AppendPath appends what Path returns
			if got := mv.AppendPath([]int{-7}, i); got[0] != -7 || !slices.Equal(got[1:], mv.Path(i)) || mv.PathLen(i) != len(mv.Path(i)) {
				t.Fatalf("trial %d: AppendPath(%s) = %v, Path %v", trial, s.Map.ID(i), got, mv.Path(i))
			}
			if !end[i] {
				continue
			}
			p := mv.Path(i)
			res, err := mv.CheckPath(k, p, mp)
			if err != nil || res.MP != mv.Spent(i) || p[len(p)-1] != i {
				t.Fatalf("trial %d: Path(%s) = %v: CheckPath %+v, %v; want MP %d", trial, s.Map.ID(i), names(s.Map, p), res, err, mv.Spent(i))
			}
		}
		// Reached lists exactly the hexes with a cost.
		var got []int
		for _, i := range mv.Reached() {
			got = append(got, int(i))
		}
		var want []int
		for i := range spent {
			if mv.Spent(i) >= 0 {
				want = append(want, i)
			}
		}
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Fatalf("trial %d: Reached = %v, want %v", trial, names(s.Map, got), names(s.Map, want))
		}
	}
}

func TestReachReuse(t *testing.T) {
	// A Mover keeps no trace of an earlier Reach.
	s := loadFixture(t, "movement.txt")
	mv := NewMover(s, gdwRules())
	a, b := unitIndex(t, s, "tank-1"), unitIndex(t, s, "ger-far")
	mv.Reach(a, 8)
	far := hx(t, s.Map, "B-1603")
	if mv.Spent(far) < 0 {
		t.Fatalf("tank-1 cannot reach B-1603")
	}
	mv.Reach(b, 4)
	if mv.Spent(far) != -1 || mv.CanEnd(b, far) || mv.Path(far) != nil {
		t.Errorf("after a second Reach, B-1603: Spent %d, CanEnd %v, Path %v", mv.Spent(far), mv.CanEnd(b, far), names(s.Map, mv.Path(far)))
	}
	s.Take(b, Eliminated)
	mv.Reach(b, 4)
	if len(mv.Reached()) != 0 {
		t.Errorf("Reach of a unit off the map found %v", names(s.Map, intSlice(mv.Reached())))
	}
}

func intSlice(a []int32) []int {
	out := make([]int, len(a))
	for k, v := range a {
		out[k] = int(v)
	}
	return out
}

func TestCanEndFriend(t *testing.T) {
	s := parseFixture(t, moveGround+"unit ger axis infantry 6 B-0505\nunit ger2 axis infantry 6 B-0504\nunit hq axis infantry 6 B-0506 nostack zoc=none\n")
	mv := NewMover(s, gdwRules())
	k := unitIndex(t, s, "ger")
	mv.Reach(k, 6)
	m := s.Map
	for _, tt := range []struct {
		hex   string
		spent int
		end   bool
	}{{"B-0505", 0, false}, {"B-0504", 1, false}, {"B-0503", 2, true}, {"B-0506", 1, true}, {"B-0707", 3, true}} {
		i := hx(t, m, tt.hex)
		if mv.Spent(i) != tt.spent || mv.CanEnd(k, i) != tt.end {
			t.Errorf("%s: Spent %d, CanEnd %v; want %d, %v", tt.hex, mv.Spent(i), mv.CanEnd(k, i), tt.spent, tt.end)
		}
	}
	if got := names(m, mv.Path(hx(t, m, "B-0503"))); !slices.Equal(got, []string{"B-0504", "B-0503"}) {
		t.Errorf("Path(B-0503) = %v", got)
	}
}
