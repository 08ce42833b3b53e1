package interp

import (
	"strings"
	"testing"
)

// TestUses: an enumerator's uses are read as lines with their hexes,
// units and text; a bad answer is an error naming the hook, and a pure
// enumerator may not change the game.
func TestUses(t *testing.T) {
	const cmd = "R.commands = R.commands or {}\nfunction R.commands.dig(h) return true end\nR.uses = R.uses or {}\n"
	tests := []struct {
		body string
		want []Use
		err  string
	}{
		{`function R.uses.dig(side) return { "dig A-0101", { line = "dig A-0102", hexes = { "A-0102" }, units = { "u" }, text = "dig in " .. side } } end`,
			[]Use{{Line: "dig A-0101"}, {Line: "dig A-0102", Hexes: []string{"A-0102"}, Units: []string{"u"}, Text: "dig in axis"}}, ""},
		{`function R.uses.dig(side) return nil end`, nil, ""},
		{`function R.uses.dig(side) return 5 end`, nil, "uses.dig returned a number"},
		{`function R.uses.dig(side) return { "fortify A-0101" } end`, nil, "begins with the word dig"},
		{`function R.uses.dig(side) return { "digger" } end`, nil, "begins with the word dig"},
		{`function R.uses.dig(side) return { { hexes = {} } } end`, nil, "item 1 without a line"},
		{`function R.uses.dig(side) return { { line = "dig", hexes = { 5 } } } end`, nil, "hexes[1] a number"},
		{`function R.uses.dig(side) gpw.set("x", 1) return {} end`, nil, "uses.dig is a hook that answers a question"},
	}
	for _, tt := range tests {
		m, err := compileHouse(t, cmd+tt.body+"\nR.store = R.store or {}\nR.store.game = R.store.game or {}\nR.store.game.x = { type = \"number\", label = \"x\" }")
		if err != nil {
			t.Fatal(err)
		}
		r := m.Bind(&recHost{})
		if !r.HasUses("dig") {
			t.Fatalf("%s: HasUses is false", tt.body)
		}
		got, err := r.Uses("dig", "axis")
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%s: error %v, want %q", tt.body, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tt.body, err)
			continue
		}
		if len(got) != len(tt.want) {
			t.Errorf("%s: %d uses, want %d", tt.body, len(got), len(tt.want))
			continue
		}
		for i := range got {
			g, w := got[i], tt.want[i]
			if g.Line != w.Line || g.Text != w.Text || strings.Join(g.Hexes, ",") != strings.Join(w.Hexes, ",") || strings.Join(g.Units, ",") != strings.Join(w.Units, ",") {
				t.Errorf("%s: use %d = %+v, want %+v", tt.body, i, g, w)
			}
		}
	}
	if _, err := compileHouse(t, "R.uses = { dig = 5 }"); err == nil || !strings.Contains(err.Error(), "R.uses.dig is a number") {
		t.Errorf("a use enumerator that is not a function: %v", err)
	}
}
