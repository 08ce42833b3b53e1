package game

import (
	"fmt"
	"strings"
	"testing"
)

// ruleCase is one rulebook clause proved by a small scenario and script.
// docs/rules-coverage.md names each case; TestCoverageTable checks that
// every case it names exists.
type ruleCase struct {
	name   string // the case's name in the coverage table
	start  string // the turn ("Jul 1941" when empty)
	phase  string
	mapx   string // extra [map.*] tables
	units  string // [[unit]] entries (see u)
	extra  string // anything after the units ([[replacements]])
	dice   []int
	auto   bool
	script string
	want   []string // events in order: "kind field=value ..."
	refuse []string // substrings of the refusals, in order
	check  func(t *testing.T, g *Game)
	// variant is the rules the case plays under ("gdw" when empty;
	// game/adc2_test.go sets "adc2").
	variant string
	last    string // the last turn ("May 1942" when empty)
	top     string // more top-level keys (units = "gdw" for force pools)
}

// u writes a [[unit]] entry: "id side kind full/half mp hex [key=value...]".
func u(spec string) string {
	f := strings.Fields(spec)
	var full, half int
	fmt.Sscanf(f[3], "%d/%d", &full, &half)
	nation := map[string]string{"axis": "ger", "soviet": "sov"}[f[1]]
	var b strings.Builder
	fmt.Fprintf(&b, "\n[[unit]]\nid = %q\nside = %q\nkind = %q\nstrength = [%d, %d]\nmp = %s\n", f[0], f[1], f[2], full, half, f[4])
	if f[5] != "-" {
		fmt.Fprintf(&b, "hex = %q\n", f[5])
	}
	for _, kv := range f[6:] {
		k, v, _ := strings.Cut(kv, "=")
		if k == "nation" {
			nation = v
			continue
		}
		if v == "true" || v == "false" || strings.HasPrefix(v, "[") {
			fmt.Fprintf(&b, "%s = %s\n", k, v)
		} else {
			fmt.Fprintf(&b, "%s = %q\n", k, strings.ReplaceAll(v, "_", " "))
		}
	}
	fmt.Fprintf(&b, "nation = %q\n", nation)
	return b.String()
}

func us(specs ...string) string {
	var b strings.Builder
	for _, s := range specs {
		b.WriteString(u(s))
	}
	return b.String()
}

func (c ruleCase) toml() string {
	start := c.start
	if start == "" {
		start = "Jul 1941"
	}
	variant := c.variant
	if variant == "" {
		variant = "gdw"
	}
	last := c.last
	if last == "" {
		last = "May 1942"
	}
	return fmt.Sprintf(`name = %q
rules = %q
start = %q
end = %q
phase = %q
seed = 11
%s
[map]
sheet = "B"
cols = 20
rows = 10
owner = "soviet"
axis_edge = "west"
soviet_edge = "east"
%s
%s
%s
`, c.name, variant, start, last, c.phase, c.top, c.mapx, c.units, c.extra)
}

// eventMatches reports whether e has every "field=value" of want.
func eventMatches(want string, e Event) bool {
	f := strings.Fields(want)
	if f[0] != e.Kind.String() {
		return false
	}
	for _, kv := range f[1:] {
		k, v, _ := strings.Cut(kv, "=")
		got := e.Get(k)
		if got == nil {
			return false
		}
		s := fmt.Sprint(got)
		if l, ok := got.([]string); ok {
			s = strings.Join(l, ",")
		}
		if !strings.EqualFold(s, strings.ReplaceAll(v, "_", " ")) {
			return false
		}
	}
	return true
}

// expectEvents checks that the events hold each of want, in order (other
// events may come between), and prints the log when one is missing.
func expectEvents(t *testing.T, evs []Event, want []string) {
	t.Helper()
	i := 0
	for _, e := range evs {
		if i < len(want) && eventMatches(want[i], e) {
			i++
		}
	}
	if i < len(want) {
		var b strings.Builder
		for _, e := range evs {
			b.WriteString("  " + e.Kind.String() + ": " + e.Text + "\n")
		}
		t.Errorf("missing event %q\nlog:\n%s", want[i], b.String())
	}
}

func runCase(t *testing.T, c ruleCase) { playCase(t, c, Options{}) }

// playCase plays a case with the options given (the rules, say) and checks
// its events, refusals and final check; it returns the game and its log.
func playCase(t *testing.T, c ruleCase, o Options) (*Game, []Event) {
	t.Helper()
	o.Dice, o.Auto = c.dice, c.auto
	g, evs := newTestGame(t, c.toml(), o)
	refused := script(t, g, c.script)
	expectEvents(t, *evs, c.want)
	if len(refused) != len(c.refuse) {
		t.Errorf("refusals %q, want %d like %q", refused, len(c.refuse), c.refuse)
	} else {
		for k, r := range c.refuse {
			if !strings.Contains(refused[k], r) {
				t.Errorf("refusal %d: %q does not say %q", k, refused[k], r)
			}
		}
	}
	if c.check != nil {
		c.check(t, g)
	}
	return g, *evs
}

// at asserts unit id stands in hex (or is off the map when hex is "-").
func at(t *testing.T, g *Game, id, hex string) {
	t.Helper()
	k, ok := g.S.UnitByID(id)
	if !ok {
		t.Fatalf("no unit %s", id)
	}
	got := g.S.Map.ID(g.S.Units[k].Hex)
	if g.S.Units[k].Hex < 0 {
		got = "-"
	}
	if got != hex {
		t.Errorf("%s is in %s, want %s", id, got, hex)
	}
}

func strength(t *testing.T, g *Game, id string, want int) {
	t.Helper()
	k, _ := g.S.UnitByID(id)
	u := &g.S.Units[k]
	got := u.AttackNow()
	if u.Status != 1 {
		got = 0
	}
	if got != want {
		t.Errorf("%s has strength %d (%s), want %d", id, got, u.Status, want)
	}
}

func runCases(t *testing.T, cases []ruleCase) {
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { runCase(t, c) })
	}
}
