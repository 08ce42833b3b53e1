package core

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// A fixture is a small map and its units in a line format, kept in
// testdata/*.txt or written inline in a table:
//
//	sheet B 0 0 20 10            # name col0 row0 cols rows (one line per sheet)
//	owner soviet                 # the side controlling every hex at the start
//	forest B-1006 B-1205         # any terrain name, then hexes
//	grid A                       # then one |line per row: . f s m r ~ l
//	|..~~
//	river B-1103 B-1003          # pairs of hexes; also waterside, strait
//	rail A-1513 A-1613 A-1714    # a rail line, hex by hex
//	raillink A-2901 A-2501
//	city A-0403 Sevastopol minor
//	region sea A-0501 A-0502     # a named region
//	unit army-1 soviet infantry 6 B-1103 [zoc=own|zoc=none] [nostack]
//
// A unit's movement class follows from its kind (see kindClass).

// kindClass maps a unit kind to a movement class of gdwRules.
var kindClass = map[string]int{
	"infantry": 0, "guards": 0, "shock": 0, "garrison": 0,
	"mountain": 1,
	"cavalry":  2,
	"tank":     3, "panzer": 3, "mech": 3,
}

var gridTerrain = map[rune]Terrain{'.': Clear, 'f': Forest, 's': Swamp, 'm': Mountain, 'r': Rough, '~': Sea, 'l': Lake}

// loadFixture reads testdata/name.
func loadFixture(t testing.TB, name string) *State {
	t.Helper()
	return parseFixture(t, readFixture(t, name))
}

// readFixture returns the text of testdata/name, for tests that add lines.
func readFixture(t testing.TB, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// parseFixture builds the state a fixture describes.
func parseFixture(t testing.TB, text string) *State {
	t.Helper()
	var (
		sheets []Sheet
		owner  = Soviet
		m      *Map
		units  []Unit
		grid   *Sheet
		gridR  int
	)
	// The map is made at the first line that needs it.
	need := func(ln int) {
		if m != nil {
			return
		}
		var err error
		if m, err = NewMap("fixture", sheets, owner); err != nil {
			t.Fatalf("line %d: %v", ln, err)
		}
	}
	hexes := func(ln int, ids []string) []int {
		need(ln)
		out := make([]int, len(ids))
		for k, id := range ids {
			i, err := m.ParseHex(id)
			if err != nil {
				t.Fatalf("line %d: %v", ln, err)
			}
			out[k] = i
		}
		return out
	}
	atoi := func(ln int, s string) int {
		n, err := strconv.Atoi(s)
		if err != nil {
			t.Fatalf("line %d: %v", ln, err)
		}
		return n
	}
	for ln, line := range strings.Split(text, "\n") {
		ln++
		if k := strings.IndexByte(line, '#'); k >= 0 {
			line = line[:k]
		}
		if strings.HasPrefix(line, "|") {
			if grid == nil {
				t.Fatalf("line %d: grid row outside a grid", ln)
			}
			gridR++
			for c, ch := range []rune(strings.TrimSpace(line[1:])) {
				tr, ok := gridTerrain[ch]
				if !ok {
					t.Fatalf("line %d: unknown grid terrain %q", ln, ch)
				}
				o := Offset{grid.Col0 + c + 1, grid.Row0 + gridR - 1}
				if !grid.Contains(o) {
					t.Fatalf("line %d: grid runs off sheet %s", ln, grid.Name)
				}
				m.Terrain[m.offsetIndex(o)] = tr
			}
			continue
		}
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "sheet":
			if m != nil || len(f) != 6 {
				t.Fatalf("line %d: sheet NAME COL0 ROW0 COLS ROWS, before anything else", ln)
			}
			sheets = append(sheets, Sheet{Name: f[1], Col0: atoi(ln, f[2]), Row0: atoi(ln, f[3]), Cols: atoi(ln, f[4]), Rows: atoi(ln, f[5])})
		case "owner":
			side, err := ParseSide(f[1])
			if err != nil || m != nil {
				t.Fatalf("line %d: owner SIDE, before the map is used (%v)", ln, err)
			}
			owner = side
		case "grid":
			need(ln)
			grid, gridR = nil, 0
			for k := range m.Sheets {
				if len(f) == 2 && m.Sheets[k].Name == f[1] {
					grid = &m.Sheets[k]
				}
			}
			if grid == nil {
				t.Fatalf("line %d: grid SHEET names no sheet", ln)
			}
		case "river", "waterside", "strait":
			hs := hexes(ln, f[1:])
			if len(hs)%2 != 0 {
				t.Fatalf("line %d: %s takes pairs of hexes", ln, f[0])
			}
			add := map[string]func(a, b int) error{"river": m.AddRiver, "waterside": m.AddWaterSide, "strait": m.AddStrait}[f[0]]
			for k := 0; k < len(hs); k += 2 {
				if err := add(hs[k], hs[k+1]); err != nil {
					t.Fatalf("line %d: %v", ln, err)
				}
			}
		case "rail":
			if err := m.AddRailLine(hexes(ln, f[1:])); err != nil {
				t.Fatalf("line %d: %v", ln, err)
			}
		case "raillink":
			hs := hexes(ln, f[1:])
			if len(hs) != 2 {
				t.Fatalf("line %d: raillink A B", ln)
			}
			if err := m.AddRailLink(hs[0], hs[1]); err != nil {
				t.Fatalf("line %d: %v", ln, err)
			}
		case "city":
			if len(f) != 4 {
				t.Fatalf("line %d: city HEX NAME KIND", ln)
			}
			kind, err := ParseCityKind(f[3])
			if err != nil {
				t.Fatalf("line %d: %v", ln, err)
			}
			if err := m.AddCity(City{Name: f[2], Kind: kind, Capital: NoSide, Hex: hexes(ln, f[1:2])[0]}); err != nil {
				t.Fatalf("line %d: %v", ln, err)
			}
		case "region":
			m.AddRegion(f[1], hexes(ln, f[2:]))
		case "unit":
			if len(f) < 6 {
				t.Fatalf("line %d: unit ID SIDE KIND MP HEX [zoc=own|zoc=none] [nostack] [nooccupy]", ln)
			}
			side, err := ParseSide(f[2])
			if err != nil {
				t.Fatalf("line %d: %v", ln, err)
			}
			class, ok := kindClass[f[3]]
			if !ok {
				t.Fatalf("line %d: unknown unit kind %q", ln, f[3])
			}
			u := Unit{Ident: &Ident{ID: f[1], Kind: f[3]}, Side: side, Class: class, Attack: [2]int{6, 3}, Defense: [2]int{6, 3},
				MP: atoi(ln, f[4]), Stacks: true, Hex: hexes(ln, f[5:6])[0], Status: OnMap}
			for _, opt := range f[6:] {
				switch opt {
				case "zoc=own":
					u.ZOC = ZOCOwnHex
				case "zoc=none":
					u.ZOC = ZOCNone
				case "nostack":
					u.Stacks = false
				case "nooccupy":
					u.NoOccupy = true
				default:
					t.Fatalf("line %d: unknown unit option %q", ln, opt)
				}
			}
			units = append(units, u)
		default:
			if tr, err := ParseTerrain(f[0]); err == nil {
				for _, i := range hexes(ln, f[1:]) {
					m.Terrain[i] = tr
				}
				continue
			}
			t.Fatalf("line %d: unknown fixture line %q", ln, f[0])
		}
	}
	need(0)
	m.SetEdges() // terrain may have changed the land edge hexes
	s, err := NewState(m, units)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// hx returns the index of the hex id on m.
func hx(t testing.TB, m *Map, id string) int {
	t.Helper()
	i, err := m.ParseHex(id)
	if err != nil {
		t.Fatal(err)
	}
	return i
}

// hxs returns the indices of a list of hex ids.
func hxs(t testing.TB, m *Map, ids ...string) []int {
	t.Helper()
	out := make([]int, len(ids))
	for k, id := range ids {
		out[k] = hx(t, m, id)
	}
	return out
}

// names prints hex indices as ids.
func names(m *Map, is []int) []string {
	out := make([]string, len(is))
	for k, i := range is {
		out[k] = m.ID(i)
	}
	return out
}

// unitIndex finds a unit by id or fails.
func unitIndex(t testing.TB, s *State, id string) int {
	t.Helper()
	k, ok := s.UnitByID(id)
	if !ok {
		t.Fatalf("no unit %q", id)
	}
	return k
}

// ruleOf returns the rule key of a *RuleError, "" for nil and "?" for any
// other error.
func ruleOf(err error) string {
	if err == nil {
		return ""
	}
	var re *RuleError
	if errors.As(err, &re) {
		return re.Rule
	}
	return "?"
}
