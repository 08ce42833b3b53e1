package core

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// newSheetMap makes an all-clear one-sheet map owned by the Soviets.
func newSheetMap(t testing.TB, sheet string, cols, rows int) *Map {
	t.Helper()
	m, err := NewMap("test", []Sheet{{Name: sheet, Cols: cols, Rows: rows}}, Soviet)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// checkIDs checks that every hex of m prints an id that parses back to it,
// and that the map holds exactly the sheets' hexes.
func checkIDs(t *testing.T, m *Map) {
	t.Helper()
	want := 0
	for _, s := range m.Sheets {
		want += s.Cols * s.Rows
	}
	n := 0
	for i, on := range m.OnMap {
		if !on {
			if id := m.ID(i); id != "off-map" {
				t.Errorf("ID(%d) of an off-map slot = %q", i, id)
			}
			continue
		}
		n++
		id := m.ID(i)
		j, err := m.ParseHex(id)
		if err != nil || j != i {
			t.Errorf("ParseHex(ID(%d) = %q) = %d, %v", i, id, j, err)
		}
		if k := m.Index(m.Hex(i)); k != i {
			t.Errorf("Index(Hex(%d)) = %d", i, k)
		}
	}
	if n != want {
		t.Errorf("%d hexes on the map, want %d", n, want)
	}
	if got := m.ID(-1); got != "off-map" {
		t.Errorf("ID(-1) = %q", got)
	}
	if got := m.ID(m.Len()); got != "off-map" {
		t.Errorf("ID(Len) = %q", got)
	}
}

// nbrIDs lists the ids of the neighbours of hex id, sorted.
func nbrIDs(t *testing.T, m *Map, id string) []string {
	var out []string
	for _, n := range m.Nbr[hx(t, m, id)] {
		if n >= 0 {
			out = append(out, m.ID(int(n)))
		}
	}
	slices.Sort(out)
	return out
}

func TestNewMapOneSheet(t *testing.T) {
	m := newSheetMap(t, "B", 20, 10)
	checkIDs(t, m)
	if i := hx(t, m, "B-1603"); m.ID(i) != "B-1603" || m.Terrain[i] != Clear || m.Control[i] != Soviet || m.CityAt[i] != -1 {
		t.Errorf("B-1603: id %s terrain %v control %v city %d", m.ID(i), m.Terrain[i], m.Control[i], m.CityAt[i])
	}
	if got, want := m.Distance(hx(t, m, "B-1603"), hx(t, m, "B-1605")), 2; got != want {
		t.Errorf("Distance(B-1603, B-1605) = %d, want %d", got, want)
	}
	if got, want := m.Distance(hx(t, m, "B-0101"), hx(t, m, "B-2001")), 19; got != want {
		t.Errorf("Distance(B-0101, B-2001) = %d, want %d", got, want)
	}
}

func TestNewMapTwoSheets(t *testing.T) {
	tests := []struct {
		name   string
		sheets []Sheet
		hex    string
		want   []string // its neighbours
	}{
		{"side by side, even column at the join",
			[]Sheet{{Name: "A", Cols: 30, Rows: 22}, {Name: "B", Col0: 30, Cols: 20, Rows: 22}},
			"A-3005", []string{"A-2905", "A-2906", "A-3004", "A-3006", "B-0105", "B-0106"}},
		{"side by side, odd column at the join",
			[]Sheet{{Name: "A", Cols: 30, Rows: 22}, {Name: "B", Col0: 30, Cols: 20, Rows: 22}},
			"B-0105", []string{"A-3004", "A-3005", "B-0104", "B-0106", "B-0204", "B-0205"}},
		{"B below A, odd column",
			[]Sheet{{Name: "A", Cols: 30, Rows: 22}, {Name: "B", Row0: 22, Cols: 30, Rows: 10}},
			"A-1722", []string{"A-1621", "A-1622", "A-1721", "A-1821", "A-1822", "B-1701"}},
		{"B below A, even column",
			[]Sheet{{Name: "A", Cols: 30, Rows: 22}, {Name: "B", Row0: 22, Cols: 30, Rows: 10}},
			"A-1622", []string{"A-1621", "B-1601", "A-1522", "B-1501", "A-1722", "B-1701"}},
		{"B below A, from B",
			[]Sheet{{Name: "A", Cols: 30, Rows: 22}, {Name: "B", Row0: 22, Cols: 30, Rows: 10}},
			"B-1601", []string{"A-1622", "B-1501", "B-1502", "B-1602", "B-1701", "B-1702"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := NewMap("two", tt.sheets, Axis)
			if err != nil {
				t.Fatal(err)
			}
			checkIDs(t, m)
			want := slices.Sorted(slices.Values(tt.want))
			if got := nbrIDs(t, m, tt.hex); !slices.Equal(got, want) {
				t.Errorf("neighbours of %s = %v, want %v", tt.hex, got, want)
			}
		})
	}
}

func TestNewMapErrors(t *testing.T) {
	tests := []struct {
		name   string
		sheets []Sheet
		want   string
	}{
		{"odd col0", []Sheet{{Name: "A", Col0: 1, Cols: 5, Rows: 5}}, "must be even"},
		{"no columns", []Sheet{{Name: "A", Cols: 0, Rows: 5}}, "1..99"},
		{"too many rows", []Sheet{{Name: "A", Cols: 5, Rows: 100}}, "1..99"},
		{"negative col0", []Sheet{{Name: "A", Col0: -2, Cols: 5, Rows: 5}}, "negative"},
		{"negative row0", []Sheet{{Name: "A", Row0: -1, Cols: 5, Rows: 5}}, "negative"},
		{"overlap", []Sheet{{Name: "A", Cols: 10, Rows: 5}, {Name: "B", Col0: 8, Cols: 10, Rows: 5}}, "overlaps"},
	}
	for _, tt := range tests {
		_, err := NewMap("bad", tt.sheets, Axis)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: NewMap error = %v, want one containing %q", tt.name, err, tt.want)
		}
	}
}

func TestParseHexErrors(t *testing.T) {
	m, err := NewMap("two", []Sheet{{Name: "A", Cols: 30, Rows: 22}, {Name: "B", Col0: 30, Cols: 20, Rows: 10}}, Axis)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ id, want string }{
		{"B-2101", "off the map"},
		{"B-0011", "off the map"},
		{"B-0100", "off the map"},
		{"B-0111", "off the map"},
		{"A-3123", "off the map"},
		{"C-0101", "no sheet C"},
		{"B-16", "not a hex id"},
		{"B1603", "not a hex id"},
	}
	for _, tt := range tests {
		i, err := m.ParseHex(tt.id)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseHex(%q) = %d, %v; want an error containing %q", tt.id, i, err, tt.want)
		}
	}
	if i, err := m.ParseHex("b-2010"); err != nil || m.ID(i) != "B-2010" {
		t.Errorf("ParseHex(b-2010) = %s, %v", m.ID(i), err)
	}

	// A sheet named in lower case still parses: ids are case-insensitive.
	lower := newSheetMap(t, "b", 20, 10)
	checkIDs(t, lower)
	if i, err := lower.ParseHex("B-1603"); err != nil || lower.ID(i) != "b-1603" {
		t.Errorf("ParseHex(B-1603) on sheet b = %s, %v", lower.ID(i), err)
	}
}

func TestHexsides(t *testing.T) {
	m := newSheetMap(t, "B", 20, 10)
	a, b := hx(t, m, "B-1603"), hx(t, m, "B-1704")
	if err := m.AddRiver(a, hx(t, m, "B-1605")); err == nil || !strings.Contains(err.Error(), "not adjacent") {
		t.Errorf("AddRiver(B-1603, B-1605) error = %v, want not adjacent", err)
	}
	if err := m.AddRiver(a, a); err == nil {
		t.Errorf("AddRiver(B-1603, B-1603) succeeded")
	}
	if err := m.AddRiver(a, b); err != nil {
		t.Fatal(err)
	}
	d, _ := m.Adjacent(a, b)
	if d != SE || m.River[a] != 1<<SE || m.River[b] != 1<<NW {
		t.Errorf("river B-1603/B-1704: dir %v, masks %06b %06b", d, m.River[a], m.River[b])
	}
	if m.Blocked(a, SE) {
		t.Errorf("a river blocks movement")
	}
}

func TestBlocked(t *testing.T) {
	tests := []struct {
		name   string
		setup  func(m *Map, a, b int)
		wanted bool
	}{
		{"clear", func(m *Map, a, b int) {}, false},
		{"lake hex", func(m *Map, a, b int) { m.Terrain[b] = Lake }, true},
		{"sea hex", func(m *Map, a, b int) { m.Terrain[b] = Sea }, true},
		{"water hex behind", func(m *Map, a, b int) { m.Terrain[a] = Sea }, false},
		{"lake hexside", func(m *Map, a, b int) { m.AddWaterSide(a, b) }, true},
		{"strait", func(m *Map, a, b int) { m.AddWaterSide(a, b); m.AddStrait(a, b) }, false},
		{"strait alone", func(m *Map, a, b int) { m.AddStrait(a, b) }, false},
		{"river", func(m *Map, a, b int) { m.AddRiver(a, b) }, false},
	}
	for _, tt := range tests {
		m := newSheetMap(t, "B", 20, 10)
		a, b := hx(t, m, "B-1603"), hx(t, m, "B-1604")
		tt.setup(m, a, b)
		if got := m.Blocked(a, S); got != tt.wanted {
			t.Errorf("%s: Blocked(B-1603, S) = %v, want %v", tt.name, got, tt.wanted)
		}
		if tt.name == "lake hexside" || tt.name == "strait" {
			if got := m.Blocked(b, N); got != tt.wanted {
				t.Errorf("%s: Blocked(B-1604, N) = %v, want %v", tt.name, got, tt.wanted)
			}
		}
	}
	m := newSheetMap(t, "B", 20, 10)
	for _, tt := range []struct {
		hex string
		d   Dir
	}{{"B-0101", N}, {"B-0101", NW}, {"B-0101", SW}, {"B-2010", S}, {"B-2010", SE}} {
		if !m.Blocked(hx(t, m, tt.hex), tt.d) {
			t.Errorf("Blocked(%s, %v) = false off the map", tt.hex, tt.d)
		}
	}
}

func TestEdgeHexes(t *testing.T) {
	m := newSheetMap(t, "B", 20, 10)
	m.Terrain[hx(t, m, "B-0105")] = Lake
	m.Terrain[hx(t, m, "B-2003")] = Sea
	col := func(c int, skip string) []string {
		var out []string
		for r := 1; r <= 10; r++ {
			if id := fmt.Sprintf("B-%02d%02d", c, r); id != skip {
				out = append(out, id)
			}
		}
		return out
	}
	row := func(r int) []string {
		var out []string
		for c := 1; c <= 20; c++ {
			out = append(out, fmt.Sprintf("B-%02d%02d", c, r))
		}
		return out
	}
	tests := []struct {
		edge string
		want []string
	}{
		{"west", col(1, "B-0105")},
		{"east", col(20, "B-2003")},
		{"north", row(1)},
		{"south", row(10)},
	}
	for _, tt := range tests {
		got, err := m.EdgeHexes(tt.edge)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.IsSorted(got) {
			t.Errorf("EdgeHexes(%s) not sorted", tt.edge)
		}
		if ids := slices.Sorted(slices.Values(names(m, got))); !slices.Equal(ids, slices.Sorted(slices.Values(tt.want))) {
			t.Errorf("EdgeHexes(%s) = %v, want %v", tt.edge, ids, tt.want)
		}
	}
	if _, err := m.EdgeHexes("up"); err == nil {
		t.Errorf("EdgeHexes(up) succeeded")
	}
	m.SetEdges()
	for _, tt := range []struct {
		side Side
		hex  string
		want bool
	}{{Axis, "B-0101", true}, {Axis, "B-0105", false}, {Axis, "B-2001", false}, {Soviet, "B-2001", true}, {Soviet, "B-2003", false}, {Soviet, "B-1001", false}} {
		if got := m.IsEdge(tt.side, hx(t, m, tt.hex)); got != tt.want {
			t.Errorf("IsEdge(%v, %s) = %v, want %v", tt.side, tt.hex, got, tt.want)
		}
	}
}

func TestRailLines(t *testing.T) {
	m := newSheetMap(t, "A", 30, 22)
	line := hxs(t, m, "A-1513", "A-1613", "A-1714", "A-1715", "A-1716", "A-1816", "A-1817", "A-1917", "A-2016", "A-2116")
	if err := m.AddRailLine(line); err != nil {
		t.Fatal(err)
	}
	for k, i := range line {
		if !m.IsRail(i) {
			t.Errorf("%s is not a rail hex", m.ID(i))
		}
		var want []int
		if k > 0 {
			want = append(want, line[k-1])
		}
		if k+1 < len(line) {
			want = append(want, line[k+1])
		}
		var got []int
		m.railNext(i, func(b int) { got = append(got, b) })
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("rail from %s leads to %v, want %v", m.ID(i), names(m, got), names(m, want))
		}
	}
	if m.IsRail(hx(t, m, "A-1614")) {
		t.Errorf("A-1614 is a rail hex")
	}
	if err := m.AddRailLine(hxs(t, m, "A-0101", "A-0103")); err == nil {
		t.Errorf("AddRailLine with a gap succeeded")
	}
	if err := m.AddRailLine(hxs(t, m, "A-0101")); err == nil {
		t.Errorf("AddRailLine with one hex succeeded")
	}

	// Off-map connections (GDW: A-2901 is connected to A-2501).
	a, b := hx(t, m, "A-2901"), hx(t, m, "A-2501")
	if err := m.AddRailLink(a, b); err == nil {
		t.Errorf("AddRailLink between non-rail hexes succeeded")
	}
	if err := m.AddRailLine(hxs(t, m, "A-2901", "A-2902")); err != nil {
		t.Fatal(err)
	}
	if err := m.AddRailLine(hxs(t, m, "A-2501", "A-2502")); err != nil {
		t.Fatal(err)
	}
	if err := m.AddRailLink(a, b); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ from, to string }{{"A-2901", "A-2501"}, {"A-2501", "A-2901"}} {
		var got []string
		m.railNext(hx(t, m, tt.from), func(i int) { got = append(got, m.ID(i)) })
		if !slices.Contains(got, tt.to) {
			t.Errorf("rail from %s leads to %v, want %s among them", tt.from, got, tt.to)
		}
	}
}

func TestCitiesRegionsCountries(t *testing.T) {
	m := newSheetMap(t, "A", 30, 22)
	kiev := City{Name: "Kiev", Kind: Major, Capital: NoSide, Hex: hx(t, m, "A-1010")}
	if err := m.AddCity(kiev); err != nil {
		t.Fatal(err)
	}
	if err := m.AddCity(City{Name: "Other", Hex: kiev.Hex}); err == nil {
		t.Errorf("two cities in one hex")
	}
	if c, ok := m.City(kiev.Hex); !ok || !reflect.DeepEqual(c, kiev) {
		t.Errorf("City(A-1010) = %v, %v", c, ok)
	}
	if _, ok := m.City(hx(t, m, "A-1011")); ok {
		t.Errorf("City(A-1011) found a city")
	}
	if c, ok := m.FindCity("KIEV"); !ok || c.Hex != kiev.Hex {
		t.Errorf("FindCity(KIEV) = %v, %v", c, ok)
	}
	if err := m.AddCity(City{Name: "Kuibyshev", Aliases: []string{"Kubishev"}, Hex: hx(t, m, "A-1212")}); err != nil {
		t.Fatal(err)
	}
	if c, ok := m.FindCity("kubishev"); !ok || c.Name != "Kuibyshev" {
		t.Errorf("FindCity(kubishev) = %v, %v: aliases are not matched", c, ok)
	}
	m.AddRegion("Ukraine", hxs(t, m, "A-1010"))
	m.AddRegion("ukraine", hxs(t, m, "A-1011"))
	r, ok := m.Region("UKRAINE")
	if !ok || r.Hexes.Count() != 2 || len(m.Regions) != 1 {
		t.Errorf("Region(UKRAINE) = %v, %v", r, ok)
	}
	m.SetCountry("Romania", hxs(t, m, "A-0120"))
	m.SetCountry("Finland", hxs(t, m, "A-2001"))
	m.SetCountry("Romania", hxs(t, m, "A-0121"))
	for id, want := range map[string]string{"A-0120": "Romania", "A-0121": "Romania", "A-2001": "Finland", "A-1010": ""} {
		if got := m.CountryOf(hx(t, m, id)); got != want {
			t.Errorf("CountryOf(%s) = %q, want %q", id, got, want)
		}
	}
}

func TestParseNames(t *testing.T) {
	for i := Terrain(0); i < NumTerrain; i++ {
		if got, err := ParseTerrain(i.String()); err != nil || got != i {
			t.Errorf("ParseTerrain(%q) = %v, %v", i.String(), got, err)
		}
	}
	if _, err := ParseTerrain("jungle"); err == nil {
		t.Errorf("ParseTerrain(jungle) succeeded")
	}
	for _, s := range []Side{Axis, Soviet} {
		if got, err := ParseSide(strings.ToUpper(s.String())); err != nil || got != s {
			t.Errorf("ParseSide(%q) = %v, %v", s, got, err)
		}
		if s.Enemy().Enemy() != s || s.Enemy() == s {
			t.Errorf("%v.Enemy() = %v", s, s.Enemy())
		}
	}
	if _, err := ParseSide("finns"); err == nil {
		t.Errorf("ParseSide(finns) succeeded")
	}
	for _, k := range []CityKind{Minor, Major, Fortress} {
		if got, err := ParseCityKind(k.String()); err != nil || got != k {
			t.Errorf("ParseCityKind(%q) = %v, %v", k, got, err)
		}
	}
	if _, err := ParseCityKind("village"); err == nil {
		t.Errorf("ParseCityKind(village) succeeded")
	}
	if !Sea.Water() || !Lake.Water() || Swamp.Water() {
		t.Errorf("Water() wrong")
	}
}

func TestBitset(t *testing.T) {
	b := NewBitset(200)
	want := []int{0, 1, 63, 64, 127, 199}
	for _, i := range want {
		b.Set(i)
	}
	b.Set(5)
	b.Unset(5)
	var got []int
	b.Each(func(i int) { got = append(got, i) })
	if !slices.Equal(got, want) || b.Count() != len(want) {
		t.Errorf("Each = %v, Count = %d; want %v", got, b.Count(), want)
	}
	if b.Has(5) || !b.Has(199) {
		t.Errorf("Has wrong")
	}
	b.Clear()
	if b.Count() != 0 {
		t.Errorf("Count after Clear = %d", b.Count())
	}
}

func TestResolve(t *testing.T) {
	m := newSheetMap(t, "A", 30, 22)
	for _, c := range []City{
		{Name: "Kiev", Hex: hx(t, m, "A-1010")},
		{Name: "Königsberg", Hex: hx(t, m, "A-0203")},
		{Name: "Kuibyshev", Aliases: []string{"Kubishev", "Samara"}, Hex: hx(t, m, "A-2812")},
		{Name: "Stalingrad", Hex: hx(t, m, "A-2520")},
		{Name: "Stalino", Hex: hx(t, m, "A-2020")},
		{Name: "Rostov", Hex: hx(t, m, "A-2222")},
		{Name: "Rostov", Hex: hx(t, m, "A-0909")}, // Rostov the Great, north-east of Moscow
	} {
		if err := m.AddCity(c); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct{ in, want, err string }{
		{"A-1010", "A-1010", ""},
		{"a-1010", "A-1010", ""},
		{" Kiev ", "A-1010", ""},
		{"KIEV", "A-1010", ""},
		{"konigsberg", "A-0203", ""},
		{"Königsberg", "A-0203", ""},
		{"samara", "A-2812", ""},
		{"Stalingr", "A-2520", ""},
		{"stalino", "A-2020", ""},
		{"Stalin", "", `"Stalin" could be Stalingrad (A-2520) or Stalino (A-2020)`},
		{"Rostov", "", `"Rostov" could be Rostov (A-2222) or Rostov (A-0909)`},
		{"Ki", "", `"Ki" is neither a hex id`},
		{"Kyiv", "", `(did you mean Kiev?)`},
		{"Moscow", "", `"Moscow" is neither a hex id (such as B-1603) nor a city of map test`},
		{"A-3101", "", "off the map"},
		{"C-0101", "", "no sheet C"},
		{"", "", "no hex or place given"},
	}
	for _, tt := range tests {
		h, err := m.Resolve(tt.in)
		switch {
		case tt.err == "" && (err != nil || m.ID(h) != tt.want):
			t.Errorf("Resolve(%q) = %s, %v; want %s", tt.in, m.ID(h), err, tt.want)
		case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
			t.Errorf("Resolve(%q) = %s, %v; want an error containing %q", tt.in, m.ID(h), err, tt.err)
		}
	}
}

func TestNearNames(t *testing.T) {
	names := []string{"Smolensk", "Kiev", "Königsberg", "Minsk", "Pinsk"}
	for _, tt := range []struct {
		word string
		want []string
	}{
		{"Smolemsk", []string{"Smolensk"}},
		{"konigsburg", []string{"Königsberg"}},
		{"Linsk", []string{"Minsk", "Pinsk"}},
		{"Vladivostok", nil},
	} {
		if got := NearNames(tt.word, names); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("NearNames(%q) = %q, want %q", tt.word, got, tt.want)
		}
	}
}

// The ids of a map are printed once, when it is made: ID allocates nothing.
func TestIDAllocs(t *testing.T) {
	m := newSheetMap(t, "B", 24, 34)
	h := hx(t, m, "B-1603")
	if n := testing.AllocsPerRun(100, func() { _ = m.ID(h) }); n != 0 {
		t.Errorf("ID allocates %v times", n)
	}
	if n := testing.AllocsPerRun(100, func() { _, _ = m.ParseHex("b-1603") }); n != 0 {
		t.Errorf("ParseHex allocates %v times", n)
	}
}

func BenchmarkID(b *testing.B) {
	m := newSheetMap(b, "B", 24, 34)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		_ = m.ID(i % m.Len())
	}
}

func BenchmarkParseHex(b *testing.B) {
	m := newSheetMap(b, "B", 24, 34)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := m.ParseHex("B-1603"); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkResolveCity(b *testing.B) {
	m := newSheetMap(b, "B", 24, 34)
	for i := 0; i < 300; i++ {
		if err := m.AddCity(City{Name: fmt.Sprintf("City%03d", i), Hex: i % m.Len()}); err != nil {
			continue
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := m.Resolve("city150"); err != nil {
			b.Fatal(err)
		}
	}
}

// TestWithin checks Within against Distance over a whole sheet: a hex is
// within n of h exactly when their distance is at most n.
func TestWithin(t *testing.T) {
	m := newSheetMap(t, "B", 20, 10)
	for _, tc := range []struct {
		from, target string
		n            int
		want         bool
	}{
		{"B-1005", "B-1005", 0, true},
		{"B-1005", "B-1105", 0, false},
		{"B-1005", "B-1105", 1, true},
		{"B-1005", "B-1308", 3, false},
		{"B-1005", "B-1307", 3, true},
		{"B-0101", "B-0401", 3, true},
	} {
		tgt := hx(t, m, tc.target)
		got := m.Within(hx(t, m, tc.from), tc.n, func(i int) bool { return i == tgt })
		if got != tc.want {
			t.Errorf("Within(%s, %d, %s) = %v, want %v (distance %d)", tc.from, tc.n, tc.target, got, tc.want, m.Distance(hx(t, m, tc.from), tgt))
		}
	}
	for h := range m.Len() {
		if !m.OnMap[h] {
			continue
		}
		for n := 0; n <= 3; n++ {
			count := 0
			m.Within(hx(t, m, "B-1005"), n, func(i int) bool {
				if i == h {
					count++
				}
				return false
			})
			if want := m.Distance(hx(t, m, "B-1005"), h) <= n; (count == 1) != want {
				t.Fatalf("hex %s, n %d: visited %d times, distance %d", m.ID(h), n, count, m.Distance(hx(t, m, "B-1005"), h))
			}
		}
	}
}
