package game

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"reflect"
	"strings"
	"testing"

	"gpw"
	"gpw/scenario"
)

// onBoard is the test board in a phase and turn, with more TOML after it.
func onBoard(phase, turn string, more ...string) string {
	b := fmt.Sprintf(board, phase)
	if turn != "" {
		b = strings.Replace(b, "start = \"Jul 1941\"\nend = \"Aug 1941\"", "start = \""+turn+"\"\nend = \""+turn+"\"", 1)
	}
	return b + strings.Join(more, "")
}

// riverForest loads the rulebook's combat example.
func riverForest(t *testing.T, dice ...int) (*Game, *[]Event) {
	t.Helper()
	src, err := os.ReadFile("../scenarios/rulebook/combat-river-forest.toml")
	if err != nil {
		t.Fatal(err)
	}
	return newTestGame(t, string(src), Options{Dice: dice})
}

// snapshot is everything a query must leave alone.
func snapshot(t *testing.T, g *Game, evs []Event) string {
	t.Helper()
	b, err := json.Marshal(snap(g))
	if err != nil {
		t.Fatal(err)
	}
	return string(b) + jsonLog(t, evs)
}

func TestPreview(t *testing.T) {
	tests := []struct {
		name    string
		def     string
		from    []string
		odds    string
		attack  int
		shifts  []Shift
		column  string
		held    bool
		chances []Chance
		err     string
	}{
		{name: "rulebook river and forest", def: "B-1603", from: []string{"B-1503", "B-1602", "B-1703"}, odds: "4:1", attack: 28,
			shifts:  []Shift{{"forest", -1, "GDW: Terrain and Combat"}, {"river", -1, "GDW: Terrain and Combat (all attackers across a river)"}},
			column:  "2:1",
			chances: []Chance{{"DR", []int{1, 2}, 2, 100.0 / 3}, {"EX", []int{3, 4}, 2, 100.0 / 3}, {"NE", []int{5, 6}, 2, 100.0 / 3}}},
		{name: "tank alone", def: "B-1603", from: []string{"B-1703"}, odds: "2:1", attack: 14,
			shifts: []Shift{{"forest", -1, "GDW: Terrain and Combat"}, {"river", -1, "GDW: Terrain and Combat (all attackers across a river)"}},
			column: "1:1", held: true,
			chances: []Chance{{"DR", []int{1}, 1, 100.0 / 6}, {"EX", []int{2, 3}, 2, 100.0 / 3}, {"NE", []int{4, 5}, 2, 100.0 / 3}, {"AL", []int{6}, 1, 100.0 / 6}}},
		{name: "not adjacent", def: "B-1603", from: []string{"B-1801"}, err: "holds no soviet unit"},
		{name: "own unit", def: "B-1503", from: []string{"B-1602"}, err: "holds no enemy unit"},
		{name: "named twice", def: "B-1603", from: []string{"B-1602", "B-1602"}, err: "named twice"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, evs := riverForest(t, 2)
			before := snapshot(t, g, *evs)
			p, err := g.Preview(tc.def, tc.from)
			if after := snapshot(t, g, *evs); after != before {
				t.Errorf("preview changed the game:\n%s\n%s", before, after)
			}
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want %q", err, tc.err)
				}
				if _, ok := err.(*Refusal); !ok {
					t.Errorf("error %T, want *Refusal", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if p.Attack != tc.attack || p.Defense != 6 || p.Odds != tc.odds || p.Column != tc.column {
				t.Errorf("got %d vs %d = %s, column %s; want %d vs 6 = %s, column %s", p.Attack, p.Defense, p.Odds, p.Column, tc.attack, tc.odds, tc.column)
			}
			if held := p.Held != ""; held != tc.held {
				t.Errorf("held %q, want %v", p.Held, tc.held)
			}
			if !reflect.DeepEqual(p.Shifts, tc.shifts) {
				t.Errorf("shifts %+v, want %+v", p.Shifts, tc.shifts)
			}
			if !reflect.DeepEqual(p.Chances, tc.chances) {
				t.Errorf("chances %+v, want %+v", p.Chances, tc.chances)
			}
		})
	}
}

// TestPreviewThenAttack: the attack fights the battle the preview showed.
func TestPreviewThenAttack(t *testing.T) {
	g, evs := riverForest(t, 2)
	p, err := g.Preview("B-1603", []string{"B-1503", "B-1602", "B-1703"})
	if err != nil {
		t.Fatal(err)
	}
	txt := p.String()
	for _, want := range []string{"ger-1 in B-1603 attacked by sov-a (B-1503), sov-b (B-1602), sov-c (B-1703)",
		"attack 28 against defence 6 = 4:1", "shift forest -1 (GDW: Terrain and Combat)", "column 2:1",
		"DR   die 1,2         2/6 = 33%", "EX   die 3,4         2/6 = 33%", "NE   die 5,6         2/6 = 33%"} {
		if !strings.Contains(txt, want) {
			t.Errorf("preview text lacks %q:\n%s", want, txt)
		}
	}
	if r := script(t, g, "attack B-1603 from B-1503 B-1602 B-1703"); r != nil {
		t.Fatal(r)
	}
	c := find(*evs, "combat")
	if len(c) != 1 || c[0].Get("column") != p.Column || c[0].Get("result") != "DR" {
		t.Fatalf("combat %v, want column %s and DR (die 2)", c, p.Column)
	}
	if st := g.Status(); !strings.Contains(st.Pending, "retreat B-1604 B-1605") {
		t.Errorf("pending %q, want the retreat choice", st.Pending)
	}
	if _, err := g.ReachOf("sov-a"); err == nil || !strings.Contains(err.Error(), "first settle the battle") {
		t.Errorf("reach during a battle: %v", err)
	}
}

func TestReachOf(t *testing.T) {
	units := "\n[map.terrain]\nforest = [\"B-0506\"]\n" +
		unitTOML("ax-1", "axis", "infantry", 6, 3, 3, "B-0505") +
		unitTOML("ax-2", "axis", "infantry", 6, 3, 3, "B-0405") +
		unitTOML("sov-1", "soviet", "infantry", 6, 3, 3, "B-0803") +
		unitTOML("ax-z", "axis", "infantry", 6, 3, 6, "B-1508") +
		unitTOML("sov-2", "soviet", "infantry", 6, 3, 3, "B-1708")
	tests := []struct {
		name, phase, turn string
		dice              []int
		unit              string
		mp                int
		want              map[string]int // hex: least MP
		absent            []string
		passOnly          []string
		err               string
	}{
		{name: "clear", phase: "axis-general", unit: "ax-1", mp: 3,
			want:   map[string]int{"B-0504": 1, "B-0503": 2, "B-0502": 3, "B-0506": 2, "B-0507": 3},
			absent: []string{"B-0501", "B-0505", "B-0803"}, passOnly: []string{"B-0405"}},
		{name: "by hex", phase: "axis-general", unit: "B-0505", mp: 3, want: map[string]int{"B-0504": 1}},
		{name: "enemy zoc stops", phase: "axis-general", unit: "ax-z", mp: 6,
			want: map[string]int{"B-1607": 1, "B-1608": 1, "B-1709": 3, "B-1809": 4, "B-1909": 5}, absent: []string{"B-1708"}},
		{name: "snow +1 per hex", phase: "axis-general", turn: "Jan/Feb 1942", dice: []int{1}, unit: "ax-1", mp: 3,
			want: map[string]int{"B-0504": 2, "B-0506": 3}, absent: []string{"B-0503"}},
		{name: "mud halves", phase: "axis-general", turn: "Mar/Apr 1942", dice: []int{1}, unit: "ax-1", mp: 1,
			want: map[string]int{"B-0504": 1, "B-0506": 1}, absent: []string{"B-0503"}},
		{name: "mud not rolled", phase: "axis-general", turn: "Mar/Apr 1942", dice: []int{6}, unit: "ax-1", mp: 3,
			want: map[string]int{"B-0503": 2}},
		{name: "combat phase", phase: "axis-combat", unit: "ax-1", err: "not a move phase (GDW: Sequence of Play)"},
		{name: "panzer phase", phase: "axis-panzer", unit: "ax-1", err: "do not move in the axis-panzer phase"},
		{name: "enemy unit", phase: "axis-general", unit: "sov-1", err: "belongs to the soviet player"},
		{name: "no unit", phase: "axis-general", unit: "B-0101", err: "no unit stands in B-0101"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, evs := newTestGame(t, onBoard(tc.phase, tc.turn, units), Options{Dice: tc.dice})
			before := snapshot(t, g, *evs)
			r, err := g.ReachOf(tc.unit)
			if after := snapshot(t, g, *evs); after != before {
				t.Errorf("reach changed the game")
			}
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if r.Allowance != tc.mp {
				t.Errorf("allowance %d, want %d", r.Allowance, tc.mp)
			}
			got := map[string]Reachable{}
			for _, h := range r.Hexes {
				got[h.Hex] = h
			}
			for hex, mp := range tc.want {
				if h, ok := got[hex]; !ok || h.MP != mp || !h.End {
					t.Errorf("%s: got %+v, want %d MP", hex, h, mp)
				}
			}
			for _, hex := range tc.absent {
				if h, ok := got[hex]; ok {
					t.Errorf("%s reached: %+v", hex, h)
				}
			}
			for _, hex := range tc.passOnly {
				if h, ok := got[hex]; !ok || h.End {
					t.Errorf("%s: got %+v, want pass-through only", hex, h)
				}
			}
			checkReachAgreesWithMove(t, g, r)
		})
	}
}

// checkReachAgreesWithMove checks every hex reach offers with the path
// check of the move command: same legality, same cost.
func checkReachAgreesWithMove(t *testing.T, g *Game, r *Reach) {
	t.Helper()
	k, _ := g.S.UnitByID(r.Unit)
	for _, h := range r.Hexes {
		path := make([]int, len(h.Path))
		for i, id := range h.Path {
			path[i], _ = g.S.Map.ParseHex(id)
		}
		res, err := g.mover().CheckPath(k, path, g.MP(k))
		switch {
		case h.End && err != nil:
			t.Errorf("reach offers %s via %v but move refuses: %v", h.Hex, h.Path, err)
		case h.End && res.MP != h.MP:
			t.Errorf("%s: reach says %d MP, move says %d", h.Hex, h.MP, res.MP)
		case !h.End && err == nil:
			t.Errorf("%s is pass-through only, but move accepts it", h.Hex)
		}
	}
}

// showBoard has a forest city hex with a river and a rail line.
var showBoard = `
[map.terrain]
forest = ["B-1005"]

[[map.river]]
sides = [["B-1005", "B-1004"]]

[[map.rail]]
hexes = ["B-0905", "B-1005", "B-1105"]

[[map.city]]
hex = "B-1005"
name = "Kiev"
kind = "major"
` + unitTOML("ax-1", "axis", "infantry", 6, 3, 3, "B-1005") + unitTOML("sov-1", "soviet", "infantry", 8, 4, 3, "B-1203")

func TestShowHex(t *testing.T) {
	tests := []struct {
		hex  string
		want []string
		err  string
	}{
		{hex: "B-1005", want: []string{"B-1005: forest, city Kiev (major)", "river: N B-1004", "rail: NE B-1105, NW B-0905",
			"control: axis; rail friendly to axis", "unit: ax-1 axis ger infantry (infantry) 6-3 full strength", "in B-1005, in supply",
			"zone of control: axis no, soviet no", "supply line now: axis yes, soviet no"}},
		{hex: "b-1104", want: []string{"B-1104: clear\n", "control: soviet\n", "unit: none", "zone of control: axis no, soviet yes", "supply line now: axis no, soviet yes"}},
		{hex: "B-1905", want: []string{"zone of control: axis no, soviet no", "supply line now: axis yes, soviet yes"}},
		{hex: "B-2105", err: "off the map"},
		{hex: "Kiev", want: []string{"B-1005: forest, city Kiev (major)"}},
		{hex: "Kiew", err: `"Kiew" is neither a hex id (such as B-1603) nor a city of the map (did you mean Kiev?)`},
	}
	for _, tc := range tests {
		t.Run(tc.hex, func(t *testing.T) {
			g, evs := newTestGame(t, onBoard("axis-general", "", showBoard), Options{})
			before := snapshot(t, g, *evs)
			txt, err := g.ShowHex(tc.hex)
			if snapshot(t, g, *evs) != before {
				t.Errorf("show changed the game")
			}
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range tc.want {
				if !strings.Contains(txt, w) {
					t.Errorf("lacks %q:\n%s", w, txt)
				}
			}
		})
	}
}

func TestZOCOf(t *testing.T) {
	g, _ := newTestGame(t, onBoard("axis-general", "", showBoard), Options{})
	tests := []struct {
		side string
		want []string
		err  string
	}{
		{side: "axis", want: []string{"B-1004", "B-0905", "B-1105", "B-0906", "B-1106", "B-1006"}},
		{side: "Soviet", want: []string{"B-1202", "B-1103", "B-1303", "B-1104", "B-1304", "B-1204"}},
		{side: "finns", err: "unknown side"},
	}
	for _, tc := range tests {
		got, err := g.ZOCOf(tc.side)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s: error %v, want %q", tc.side, err, tc.err)
			}
			continue
		}
		if err != nil || !sameSet(got, tc.want) {
			t.Errorf("%s: %v, %v; want %v", tc.side, got, err, tc.want)
		}
	}
}

func sameSet(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	in := map[string]bool{}
	for _, x := range a {
		in[x] = true
	}
	for _, x := range b {
		if !in[x] {
			return false
		}
	}
	return true
}

func TestSupplyOf(t *testing.T) {
	// A Soviet wall along column 05: ax-e beyond it is cut off from the
	// Axis (west) edge.
	wall := unitTOML("ax-w", "axis", "infantry", 6, 3, 3, "B-0205") + unitTOML("ax-e", "axis", "infantry", 6, 3, 3, "B-1005")
	for _, h := range []string{"B-0502", "B-0505", "B-0508", "B-0510"} {
		wall += unitTOML("sov-"+h, "soviet", "infantry", 6, 3, 3, h)
	}
	g, _ := newTestGame(t, onBoard("axis-general", "", wall), Options{})
	got, err := g.SupplyOf("axis")
	yes, no := true, false
	want := []SupplyRow{{"ax-w", "B-0205", true, &yes}, {"ax-e", "B-1005", false, &no}}
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("got %+v, %v; want %+v", got, err, want)
	}
	// Moving a wall unit away opens the line now; the phase-start judgement stays.
	g.S.Relocate(mustUnit(t, g, "sov-B-0505"), mustHex(t, g, "B-1505"))
	got, _ = g.SupplyOf("axis")
	if !got[1].Now || *got[1].PhaseStart {
		t.Errorf("after the gap: %+v", got[1])
	}
	if s := got[1].String(); !strings.Contains(s, "in supply (at the start of the phase: out of supply, which counts this phase)") {
		t.Errorf("text %q", s)
	}
	if soviets, _ := g.SupplyOf("soviet"); len(soviets) != 4 || soviets[0].PhaseStart != nil || !soviets[0].Now {
		t.Errorf("soviet rows %+v", soviets)
	}
}

func mustUnit(t *testing.T, g *Game, id string) int {
	k, ok := g.S.UnitByID(id)
	if !ok {
		t.Fatalf("no unit %s", id)
	}
	return k
}

func mustHex(t *testing.T, g *Game, id string) int {
	h, err := g.S.Map.ParseHex(id)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func TestStatusAndUnits(t *testing.T) {
	more := unitTOML("ax-1", "axis", "infantry", 6, 3, 3, "B-0505") +
		"\n[[unit]]\nid = \"sov-r\"\nside = \"soviet\"\nnation = \"sov\"\nkind = \"infantry\"\nstrength = [6, 3]\nmp = 3\narrives = \"Jul 1941\"\n" +
		"\n[[replacements]]\nturn = \"Jul 1941\"\naxis = 2\nsoviet = 3\n"
	g, _ := newTestGame(t, onBoard("soviet-reinforcement", "", more), Options{})
	st := g.Status()
	want := PhaseStatus{Turn: "Jul 1941", Last: "Aug 1941", Phase: "soviet-reinforcement", Side: "soviet", Kind: "reinforcement",
		Weather: "clear", Points: 3, Awaiting: []string{"sov-r"}, WeatherRule: "GDW: Weather", PointsRule: "GDW: Reinforcements and Replacements"}
	if !reflect.DeepEqual(st, want) {
		t.Errorf("status %+v, want %+v", st, want)
	}
	for _, w := range []string{"Jul 1941 (last turn Aug 1941), soviet-reinforcement phase", "soviet replacement points: 3", "to place: sov-r", "the turn's mark: none"} {
		if !strings.Contains(st.String(), w) {
			t.Errorf("status text lacks %q:\n%s", w, st)
		}
	}
	tests := []struct {
		side string
		ids  []string
		err  string
	}{
		{"", []string{"ax-1", "sov-r"}, ""},
		{"axis", []string{"ax-1"}, ""},
		{"soviet", []string{"sov-r"}, ""},
		{"rumania", nil, "unknown side"},
	}
	for _, tc := range tests {
		rows, err := g.UnitList(tc.side, "")
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q: error %v", tc.side, err)
			}
			continue
		}
		var ids []string
		for _, r := range rows {
			ids = append(ids, r.ID)
		}
		if err != nil || !reflect.DeepEqual(ids, tc.ids) {
			t.Errorf("%q: %v %v, want %v", tc.side, ids, err, tc.ids)
		}
	}
	rows, _ := g.UnitList("", "")
	if s := rows[1].String(); !strings.Contains(s, "waiting to be placed") {
		t.Errorf("reinforcement row %q", s)
	}
	if s := rows[0].String(); !strings.Contains(s, "in B-0505, in supply") {
		t.Errorf("unit row %q", s)
	}
}

// TestQueriesOnEveryBuiltinScenario runs each query on each built-in
// scenario: none fails unexpectedly, none changes the game.
func TestQueriesOnEveryBuiltinScenario(t *testing.T) {
	files, _ := fs.Glob(gpw.Data, "scenarios/rulebook/*.toml")
	for _, f := range files {
		t.Run(f, func(t *testing.T) {
			sc, err := scenario.Load(gpw.Data, f, gpw.Data)
			if err != nil {
				t.Fatal(err)
			}
			var evs []Event
			g, err := New(sc, Options{}, gpw.Data, func(e Event) { evs = append(evs, e) })
			if err != nil {
				t.Fatal(err)
			}
			before := snapshot(t, g, evs)
			_ = g.Status().String()
			for _, side := range []string{"axis", "soviet"} {
				if _, err := g.ZOCOf(side); err != nil {
					t.Error(err)
				}
				if _, err := g.SupplyOf(side); err != nil {
					t.Error(err)
				}
			}
			rows, _ := g.UnitList("", "")
			for _, r := range rows {
				if r.Hex == "" {
					continue
				}
				if _, err := g.ShowHex(r.Hex); err != nil {
					t.Error(err)
				}
				if r, err := g.ReachOf(r.ID); err == nil {
					checkReachAgreesWithMove(t, g, r)
				} else if _, ok := err.(*Refusal); !ok {
					t.Error(err)
				}
			}
			if snapshot(t, g, evs) != before {
				t.Error("a query changed the game")
			}
		})
	}
}
