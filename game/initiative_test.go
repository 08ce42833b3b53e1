package game

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"gpw"
	"gpw/interp"
)

// TestHouseInitiative plays rules/house/initiative.lua: from a scenario's
// second turn on, each side rolls a die plus its command value as the
// turn begins and the higher plays its player turn first; a tie goes to
// the side that went second. The rolls are events citing the rule.
func TestHouseInitiative(t *testing.T) {
	rules := houseRules(t, "initiative.lua")
	c := ruleCase{name: "initiative", phase: "axis-general", last: "Sep/Oct 1941",
		units: us("g axis infantry 6/3 4 B-0105", "s soviet infantry 8/4 6 B-1505")}
	cases := []struct {
		name  string
		dice  []int
		lines []string
	}{
		{"soviet-higher", []int{1, 6, 6, 1}, []string{
			"phase: Jul 1941: soviet-general",
			"initiative: Aug 1941: axis 1+2 = 3, soviet 6+0 = 6: the soviet player moves first (House: Initiative (Chadwick))",
			"phase: Aug 1941: soviet-reinforcement", "phase: Aug 1941: soviet-rail", "phase: Aug 1941: soviet-armor", "phase: Aug 1941: soviet-combat",
			"phase: Aug 1941: soviet-general", "phase: Aug 1941: axis-reinforcement", "phase: Aug 1941: axis-rail", "phase: Aug 1941: axis-panzer",
			"phase: Aug 1941: axis-combat", "phase: Aug 1941: axis-general",
			"initiative: Sep/Oct 1941: axis 6+2 = 8, soviet 1+0 = 1: the axis player moves first (House: Initiative (Chadwick))",
			"phase: Sep/Oct 1941: axis-reinforcement"}},
		// 3+2 = 5+0: a tie goes to the side that went second (the Axis went
		// first in Jul, the GDW order), then back
		{"ties-alternate", []int{3, 5, 3, 5}, []string{
			"phase: Jul 1941: soviet-general",
			"initiative: Aug 1941: axis 3+2 = 5, soviet 5+0 = 5: the soviet player moves first (House: Initiative (Chadwick))",
			"phase: Aug 1941: soviet-reinforcement",
			"initiative: Sep/Oct 1941: axis 3+2 = 5, soviet 5+0 = 5: the axis player moves first (House: Initiative (Chadwick))",
			"phase: Sep/Oct 1941: axis-reinforcement"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g, evs := newTestGame(t, c.toml(), Options{Rules: rules, Dice: tc.dice})
			if err := endAll(t, g, 16); err != nil {
				t.Fatal(err)
			}
			linesInOrder(t, kinds(*evs, "phase", "initiative"), tc.lines)
			// a save replays the rolls and the order: the same turn, phase and store
			path := filepath.Join(t.TempDir(), "save.json")
			if err := g.WriteSave(path); err != nil {
				t.Fatal(err)
			}
			h, err := LoadSave(path, gpw.Data, false, nil)
			if err != nil {
				t.Fatal(err)
			}
			if len(g.Marks(interp.ScopeGame, 0)) != 1 || !reflect.DeepEqual(snap(g), snap(h)) || !reflect.DeepEqual(g.order, h.order) || !reflect.DeepEqual(g.Marks(interp.ScopeGame, 0), h.Marks(interp.ScopeGame, 0)) {
				t.Errorf("the loaded game differs: order %v, store %v; saved %v, %v", h.order, h.Marks(interp.ScopeGame, 0), g.order, g.Marks(interp.ScopeGame, 0))
			}
			e := find(*evs, "initiative")[0]
			for k, v := range map[string]any{"turn": "Aug 1941", "axis_die": tc.dice[0], "axis": tc.dice[0] + 2, "soviet_die": tc.dice[1], "soviet": tc.dice[1],
				"rule": "House: Initiative (Chadwick)"} {
				if e.Get(k) != v {
					t.Errorf("initiative event: %s = %v, want %v", k, e.Get(k), v)
				}
			}
		})
	}
}

// linesInOrder checks that log holds each of want, in order (other lines
// may come between), and prints the log when one is missing.
func linesInOrder(t *testing.T, log, want []string) {
	t.Helper()
	i := 0
	for _, l := range log {
		if i < len(want) && l == want[i] {
			i++
		}
	}
	if i < len(want) {
		t.Errorf("missing line %q\nlog:\n  %s", want[i], strings.Join(log, "\n  "))
	}
}

// kinds keeps the events of the kinds named, as "kind: text" lines.
func kinds(evs []Event, names ...string) []string {
	var out []string
	for _, e := range evs {
		for _, n := range names {
			if e.Kind.String() == n {
				out = append(out, e.Kind.String()+": "+e.Text)
			}
		}
	}
	return out
}

// TestHouseDocsFiles: docs/modding.md shows rules/house/initiative.lua as
// shipped.
func TestHouseDocsFiles(t *testing.T) {
	docShowsFile(t, "TestHouseDocsFiles checks it, TestHouseInitiative plays it", "initiative.lua")
}

// docShowsFile checks that docs/modding.md shows rules/house/file as
// shipped, in the Lua block after the comment "the file as shipped:
// note", and returns the file.
func docShowsFile(t *testing.T, note, file string) []byte {
	t.Helper()
	doc, err := os.ReadFile(filepath.Join("..", "docs", "modding.md"))
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(houseRules(t, file))
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(doc), "<!-- the file as shipped: "+note+" -->\n```lua\n")
	if !ok {
		t.Fatalf("docs/modding.md: the %s block is missing", file)
	}
	if block, _, _ := strings.Cut(rest, "```"); block != string(src) {
		t.Errorf("docs/modding.md shows\n%s\nrules/house/%s is\n%s", block, file, src)
	}
	return src
}
