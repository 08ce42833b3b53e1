package mapgen

import (
	"bytes"
	"encoding/xml"
	"flag"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/BurntSushi/toml"
	"github.com/paulmach/orb"

	"gpw/core"
	"gpw/scenario"
)

var update = flag.Bool("update", false, "rewrite maps/gpw.toml from maps/geo")

var built struct {
	once sync.Once
	src  *Source
	c    *Compiled
	toml []byte
	err  error
}

// build compiles maps/geo once for all tests.
func build(t testing.TB) (*Source, *Compiled, []byte) {
	t.Helper()
	built.once.Do(func() {
		built.src, built.err = LoadSource(os.DirFS("../maps"), "geo")
		if built.err != nil {
			return
		}
		built.c, built.err = Build(built.src)
		if built.err != nil {
			return
		}
		var b bytes.Buffer
		built.err = built.c.WriteTOML(&b)
		built.toml = b.Bytes()
	})
	if built.err != nil {
		t.Fatal(built.err)
	}
	return built.src, built.c, built.toml
}

// loaded reads the committed map the way the game does.
func loaded(t testing.TB) *core.Map {
	t.Helper()
	m, err := scenario.LoadMapFile(os.DirFS("../maps"), "gpw.toml")
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func spec(t *testing.T) scenario.MapSpec {
	t.Helper()
	var s scenario.MapSpec
	if _, err := toml.DecodeFile("../maps/gpw.toml", &s); err != nil {
		t.Fatal(err)
	}
	return s
}

func TestMapFileUpToDate(t *testing.T) {
	_, _, out := build(t)
	if *update {
		if err := os.WriteFile("../maps/gpw.toml", out, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	old, err := os.ReadFile("../maps/gpw.toml")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(old, out) {
		t.Fatal("maps/gpw.toml differs from what maps/geo compiles to: run gpw map build (or go test ./mapgen -update)")
	}
}

func TestBuildIsDeterministic(t *testing.T) {
	src, _, out := build(t)
	c, err := Build(src)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	c.WriteTOML(&b)
	if !bytes.Equal(b.Bytes(), out) {
		t.Fatal("two builds of the same source differ")
	}
}

func TestCitiesWhereTheyProject(t *testing.T) {
	src, c, _ := build(t)
	m := loaded(t)
	notes := strings.Join(c.Notes, "\n")
	n := 0
	for _, ct := range src.Cities {
		if ct.Rail {
			continue
		}
		want := m.Index(c.Grid.HexOf(ct.At[0], ct.At[1]))
		got, ok := m.FindCity(ct.Name)
		switch {
		case !ok && want >= 0 && !strings.Contains(notes, ct.Name+" dropped"):
			t.Errorf("%s projects to %s but is not on the map, and no note says why", ct.Name, m.ID(want))
		case !ok:
			continue
		case want < 0:
			t.Errorf("%s is on the map at %s but projects off it", ct.Name, m.ID(got.Hex))
		case m.Distance(got.Hex, want) > 1:
			t.Errorf("%s is at %s, %d hexes from %s where it projects", ct.Name, m.ID(got.Hex), m.Distance(got.Hex, want), m.ID(want))
		}
		n++
	}
	if n < 80 {
		t.Errorf("%d cities on the map, want at least 80", n)
	}
}

func TestDistancesMatchTheGlobe(t *testing.T) {
	const hexKM = 65 // the game's scale: about 40 miles a hex
	src, _, _ := build(t)
	m := loaded(t)
	lo, hi, sum, n := math.Inf(1), 0.0, 0.0, 0
	defer func() {
		t.Logf("hexes / (km / %d): mean %.3f, from %.3f to %.3f over %d pairs", hexKM, sum/float64(n), lo, hi, n)
	}()
	names := []string{"Berlin", "Moscow", "Leningrad", "Warsaw", "Kiev", "Stalingrad", "Rostov", "Bucharest", "Riga", "Kuibyshev", "Sevastopol", "Budapest"}
	for i, a := range names {
		for _, b := range names[i+1:] {
			ca, _ := src.City(a)
			cb, _ := src.City(b)
			ha, ok1 := m.FindCity(a)
			hb, ok2 := m.FindCity(b)
			if !ok1 || !ok2 {
				t.Fatalf("%s or %s is not on the map", a, b)
			}
			km := GreatCircle(ca.At[0], ca.At[1], cb.At[0], cb.At[1])
			want := km / hexKM
			got := float64(m.Distance(ha.Hex, hb.Hex))
			// 10%, and one hex more: each city is up to half a hex
			// from the centre of its hex
			if math.Abs(got-want) > 0.1*want+1 {
				t.Errorf("%s-%s: %v hexes, want %.1f±10%% and one hex (%.0f km)", a, b, got, want, km)
			}
			ratio := got / want
			lo, hi = math.Min(lo, ratio), math.Max(hi, ratio)
			sum, n = sum+ratio, n+1
		}
	}
}

// vertexSet unions hexside chains: find with path halving.
type vertexSet map[Vertex]Vertex

func (s vertexSet) find(v Vertex) Vertex {
	if _, ok := s[v]; !ok {
		s[v] = v
	}
	for s[v] != v {
		s[v] = s[s[v]]
		v = s[v]
	}
	return v
}

func TestRiversAreChainsOfHexsides(t *testing.T) {
	sp := spec(t)
	m := loaded(t)
	names := map[string]bool{}
	for _, r := range sp.River {
		names[r.Name] = true
		set := vertexSet{}
		for _, p := range r.Sides {
			a, err1 := m.ParseHex(p[0])
			b, err2 := m.ParseHex(p[1])
			if err1 != nil || err2 != nil {
				t.Fatalf("river %s: bad side %v", r.Name, p)
			}
			if _, ok := m.Adjacent(a, b); !ok {
				t.Fatalf("river %s: %s and %s are not adjacent", r.Name, p[0], p[1])
			}
			v1, v2 := SideVertices(m, a, b)
			set[set.find(v1)] = set.find(v2)
		}
		roots := map[Vertex]bool{}
		for v := range set {
			roots[set.find(v)] = true
		}
		if len(roots) != 1 {
			t.Errorf("river %s: %d hexsides in %d separate pieces", r.Name, len(r.Sides), len(roots))
		}
	}
	for _, want := range []string{"Vistula", "Bug", "Narew", "Neman", "Western Dvina", "Dnieper", "Berezina", "Pripyat", "Desna", "Dniester", "Prut", "Southern Bug", "Donets", "Don", "Volga", "Oka", "Volkhov", "Lovat", "Danube"} {
		if !names[want] {
			t.Errorf("no river %s on the map", want)
		}
	}
	if len(names) < 25 {
		t.Errorf("%d rivers, want at least 25", len(names))
	}
}

func TestRailwaysAreContiguous(t *testing.T) {
	sp := spec(t)
	m := loaded(t)
	for _, r := range sp.Rail {
		for k := 1; k < len(r.Hexes); k++ {
			a, _ := m.ParseHex(r.Hexes[k-1])
			b, _ := m.ParseHex(r.Hexes[k])
			if _, ok := m.Adjacent(a, b); !ok {
				t.Errorf("rail %s: %s and %s are not adjacent", r.Name, r.Hexes[k-1], r.Hexes[k])
			}
			if m.Terrain[b].Water() {
				t.Errorf("rail %s runs into water at %s", r.Name, r.Hexes[k])
			}
		}
	}
	for _, p := range sp.RailLinks {
		a, _ := m.ParseHex(p[0])
		b, _ := m.ParseHex(p[1])
		if !m.IsRail(a) || !m.IsRail(b) {
			t.Errorf("rail link %v: an end is not a rail hex", p)
		}
	}
	if len(sp.Rail) < 40 {
		t.Errorf("%d rail lines, want the main lines of 1941", len(sp.Rail))
	}
}

func TestNoLandCutOff(t *testing.T) {
	m := loaded(t)
	comps := Components(m)
	if len(comps) != 1 {
		for _, c := range comps[1:] {
			t.Errorf("%d land hexes at %s cannot be reached from the mainland", len(c), m.ID(c[0]))
		}
	}
}

func TestEdges(t *testing.T) {
	m := loaded(t)
	tests := []struct {
		side core.Side
		col  func(c int) bool
	}{
		{core.Axis, func(c int) bool { return c == m.Sheets[0].Col0+1 }},
		{core.Soviet, func(c int) bool { last := m.Sheets[len(m.Sheets)-1]; return c == last.Col0+last.Cols }},
	}
	for _, tt := range tests {
		if len(m.Edge[tt.side]) == 0 {
			t.Errorf("%s has no map edge", tt.side)
		}
		for _, i := range m.Edge[tt.side] {
			if !tt.col(i%m.W) || m.Terrain[i].Water() {
				t.Errorf("%s edge hex %s is not a land hex of its map edge", tt.side, m.ID(i))
			}
			if m.Control[i] != tt.side {
				t.Errorf("%s edge hex %s is controlled by %s", tt.side, m.ID(i), m.Control[i])
			}
		}
		for i, on := range m.OnMap {
			if on && tt.col(i%m.W) && !m.Terrain[i].Water() && !m.IsEdge(tt.side, i) {
				t.Errorf("land hex %s on the %s map edge is not in its edge", m.ID(i), tt.side)
			}
		}
	}
}

func TestStraitsOfKerch(t *testing.T) {
	_, c, _ := build(t)
	m := loaded(t)
	kerch, ok := m.FindCity("Kerch")
	if !ok {
		t.Fatal("no Kerch on the map")
	}
	found := false
	for i, on := range m.OnMap {
		if !on || m.Strait[i] == 0 {
			continue
		}
		for d := core.N; d <= core.NW; d++ {
			if m.Strait[i]&(1<<d) == 0 {
				continue
			}
			n := int(m.Nbr[i][d])
			ilon, _ := c.lonlat(i)
			nlon, _ := c.lonlat(n)
			if ilon > nlon || m.Distance(i, kerch.Hex) > 1 {
				continue // look from the Crimean end
			}
			found = true
			if m.Blocked(i, d) || m.Terrain[n].Water() {
				t.Errorf("the straits %s-%s cannot be crossed", m.ID(i), m.ID(n))
			}
			if m.WaterSide[i]&(1<<d) == 0 {
				t.Errorf("the straits %s-%s are not across water", m.ID(i), m.ID(n))
			}
			if m.CountryOf(n) != "USSR" || nlon < 36.5 {
				t.Errorf("the straits lead from %s to %s (%s, %.2f°E), not to the Taman peninsula", m.ID(i), m.ID(n), m.CountryOf(n), nlon)
			}
		}
	}
	if !found {
		t.Error("no straits next to Kerch")
	}
}

func TestStatesOf1941(t *testing.T) {
	m := loaded(t)
	tests := []struct{ city, country string }{
		{"Berlin", "Germany"}, {"Königsberg", "Germany"}, {"Warsaw", "Germany"}, {"Krakow", "Germany"},
		{"Memel", "Germany"}, {"Vienna", "Germany"}, {"Prague", "Germany"},
		{"Moscow", "USSR"}, {"Lvov", "USSR"}, {"Brest-Litovsk", "USSR"}, {"Bialystok", "USSR"},
		{"Kishinev", "USSR"}, {"Riga", "USSR"}, {"Tallinn", "USSR"}, {"Vilnius", "USSR"}, {"Vyborg", "USSR"},
		{"Bratislava", "Slovakia"}, {"Kosice", "Hungary"}, {"Cluj", "Hungary"}, {"Budapest", "Hungary"},
		{"Bucharest", "Romania"}, {"Iasi", "Romania"}, {"Helsinki", "Finland"}, {"Belgrade", "Yugoslavia"},
		{"Varna", "Bulgaria"},
	}
	for _, tt := range tests {
		c, ok := m.FindCity(tt.city)
		if !ok {
			t.Errorf("no %s on the map", tt.city)
			continue
		}
		if got := m.CountryOf(c.Hex); got != tt.country {
			t.Errorf("%s (%s) is in %s, want %s", tt.city, m.ID(c.Hex), got, tt.country)
		}
	}
}

func TestSetupRegions(t *testing.T) {
	src, _, _ := build(t)
	m := loaded(t)
	for _, name := range []string{"Baltic Military District", "Western Military District", "Kiev Military District", "Bessarabia", "Army Group North", "Army Group Center", "Army Group South", "Hungary", "Romania"} {
		r, ok := m.Region(name)
		if !ok || r.Hexes.Count() == 0 {
			t.Errorf("region %s is missing or empty", name)
		}
	}
	for a := range src.Regions {
		for b := a + 1; b < len(src.Regions); b++ {
			ra, _ := m.Region(src.Regions[a].Name)
			rb, _ := m.Region(src.Regions[b].Name)
			if src.Regions[a].Kind != src.Regions[b].Kind {
				continue
			}
			ra.Hexes.Each(func(i int) {
				if rb.Hexes.Has(i) {
					t.Errorf("%s lies in both %s and %s", m.ID(i), ra.Name, rb.Name)
				}
			})
		}
	}
}

func TestLookups(t *testing.T) {
	m := loaded(t)
	moscow, _ := m.FindCity("Moscow")
	berlin, _ := m.FindCity("Berlin")
	tests := []struct {
		name  string
		run   func() (string, error)
		first string
		has   string
	}{
		{"find", func() (string, error) { return Find(m, "moscow") }, m.ID(moscow.Hex), "soviet capital"},
		{"distance by name", func() (string, error) { return Distance(m, "Berlin", "Moscow") }, itoa(m.Distance(berlin.Hex, moscow.Hex)), "hexes"},
		{"distance by id", func() (string, error) { return Distance(m, m.ID(berlin.Hex), "Moscow") }, itoa(m.Distance(berlin.Hex, moscow.Hex)), "hexes"},
		{"show", func() (string, error) { return Show(m, m.ID(moscow.Hex)) }, m.ID(moscow.Hex), "city: Moscow"},
		{"show by name", func() (string, error) { return Show(m, "Berlin") }, m.ID(berlin.Hex), "control: axis"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := tt.run()
			if err != nil {
				t.Fatal(err)
			}
			if f := strings.Fields(out); len(f) == 0 || f[0] != tt.first {
				t.Errorf("first word of %q, want %s", out, tt.first)
			}
			if !strings.Contains(out, tt.has) {
				t.Errorf("%q does not say %q", out, tt.has)
			}
		})
	}
	if _, err := Find(m, "Atlantis"); err == nil {
		t.Error("found Atlantis")
	}
	if _, err := Distance(m, "Z-9999", "Moscow"); err == nil {
		t.Error("measured from a hex that does not exist")
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

func TestRender(t *testing.T) {
	m := loaded(t)
	d := Drawing{C: FromMap(m), HexPx: 24, Names: true, IDs: true, Regions: true}
	var svg, png bytes.Buffer
	if err := d.WriteSVG(&svg); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(svg.String(), ">Moscow</text>") {
		t.Error("the SVG does not name Moscow")
	}
	// a browser shows nothing past an XML error: the SVG must be well formed
	dec := xml.NewDecoder(bytes.NewReader(svg.Bytes()))
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("the SVG is not well-formed XML: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok {
			seen := map[string]bool{}
			for _, a := range se.Attr {
				if seen[a.Name.Local] {
					t.Fatalf("line %d: <%s> has attribute %s twice", func() int { l, _ := dec.InputPos(); return l }(), se.Name.Local, a.Name.Local)
				}
				seen[a.Name.Local] = true
			}
		}
	}
	if err := d.WritePNG(&png); err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(png.Bytes(), []byte("\x89PNG")) {
		t.Error("not a PNG")
	}
}

func BenchmarkLoadMap(b *testing.B) {
	for b.Loop() {
		if _, err := scenario.LoadMapFile(os.DirFS("../maps"), "gpw.toml"); err != nil {
			b.Fatal(err)
		}
	}
}

func TestCrimeaJoinedByLand(t *testing.T) {
	m := loaded(t)
	// without the straits, Sevastopol and Kerch still reach Kherson by land
	for i := range m.Strait {
		m.Strait[i] = 0
	}
	comp := map[int]int{}
	for k, c := range Components(m) {
		for _, i := range c {
			comp[i] = k
		}
	}
	kherson, _ := m.FindCity("Kherson")
	for _, name := range []string{"Sevastopol", "Simferopol", "Feodosia", "Kerch"} {
		c, ok := m.FindCity(name)
		if !ok {
			t.Fatalf("no %s on the map", name)
		}
		if comp[c.Hex] != comp[kherson.Hex] {
			t.Errorf("%s (%s) cannot reach Kherson without crossing the straits", name, m.ID(c.Hex))
		}
	}
}

// tinySource is a theatre of one small sheet, all land, for tests of
// the builder's rules.
func tinySource(t *testing.T) *Source {
	t.Helper()
	s := &Source{}
	s.Map.Name = "tiny"
	s.Map.Projection.Parallels = [2]float64{45, 57}
	s.Map.Projection.Origin = [2]float64{30, 50}
	s.Map.HexKM = 70
	s.Map.FirstHex = [2]float64{30, 50}
	s.Map.Sheets = []Sheet{{Name: "A", Cols: 8, Rows: 6}}
	s.Land = orb.MultiPolygon{{{{20, 40}, {40, 40}, {40, 60}, {20, 60}, {20, 40}}}}
	return s
}

func TestRailLeavingTheMapIsLinked(t *testing.T) {
	s := tinySource(t)
	g := NewGrid(NewConic(45, 57, 50, 30), 70, 30, 50)
	at := func(id string) [2]float64 {
		m, _ := core.NewMap("x", []core.Sheet{{Name: "A", Cols: 8, Rows: 6}}, core.NoSide)
		i, err := m.ParseHex(id)
		if err != nil {
			t.Fatal(err)
		}
		lon, lat := g.LonLat(g.Center(m.Hex(i)))
		return [2]float64{lon, lat}
	}
	north := at("A-0401")
	north[1] += 2.5 // well off the top of the sheet
	s.Cities = []City{
		{Name: "West", At: at("A-0203"), Kind: "minor"},
		{Name: "Away", At: north, Kind: "minor"},
		{Name: "East", At: at("A-0703"), Kind: "minor"},
	}
	s.Rails = []Rail{{Name: "Loop", Places: []string{"West", "Away", "East"}}}
	c, err := Build(s)
	if err != nil {
		t.Fatal(err)
	}
	m := c.Map
	if len(c.Rails) != 2 || len(c.RailLinks) != 1 {
		t.Fatalf("%d rail runs and %d links, want 2 runs joined by 1 link", len(c.Rails), len(c.RailLinks))
	}
	a, b := c.RailLinks[0][0], c.RailLinks[0][1]
	if a != c.Rails[0].Hexes[len(c.Rails[0].Hexes)-1] || b != c.Rails[1].Hexes[0] {
		t.Errorf("link %s-%s does not join where the line leaves and comes back", m.ID(a), m.ID(b))
	}
	if len(m.Cities) != 2 {
		t.Errorf("%d cities on the map, want West and East", len(m.Cities))
	}
}

func TestTwoCitiesInOneHex(t *testing.T) {
	s := tinySource(t)
	s.Cities = []City{
		{Name: "Small", At: [2]float64{30.01, 50.01}, Kind: "minor"},
		{Name: "Big", At: [2]float64{30, 50}, Kind: "major"},
	}
	c, err := Build(s)
	if err != nil {
		t.Fatal(err)
	}
	m := c.Map
	big, ok1 := m.FindCity("Big")
	small, ok2 := m.FindCity("Small")
	if !ok1 || !ok2 {
		t.Fatal("a city was lost")
	}
	want := m.Index(c.Grid.HexOf(30, 50))
	if big.Hex != want {
		t.Errorf("Big is at %s, want %s: the major city keeps its hex", m.ID(big.Hex), m.ID(want))
	}
	if m.Distance(small.Hex, want) != 1 {
		t.Errorf("Small is at %s, want next to %s", m.ID(small.Hex), m.ID(want))
	}
	if len(c.Notes) == 0 || !strings.Contains(c.Notes[0], "Small moved") {
		t.Errorf("notes %q do not say Small moved", c.Notes)
	}
}
