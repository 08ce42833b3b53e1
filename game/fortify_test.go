package game

import (
	"fmt"
	"strings"
	"testing"

	"gpw/core"
)

// A scenario's fortified line (scenario: [[fortification]]) counts the
// defender's hex as a fortress: the fortress shift of the rules (GDW:
// Terrain and Combat), and a closed area of [closed] refuses a move in.
func TestScenarioFortificationAndClosed(t *testing.T) {
	base := fmt.Sprintf(board, "soviet-combat") + unitTOML("ger-1", "axis", "infantry", 6, 3, 4, "B-1603") +
		unitTOML("sov-a", "soviet", "infantry", 8, 4, 6, "B-1503")
	odds := func(extra string) string {
		g, _ := newTestGame(t, base+extra, Options{})
		w, err := g.Weigh(hexOf(t, g.S.Map, "B-1603"), []int{1})
		if err != nil {
			t.Fatal(err)
		}
		var causes []string
		for _, s := range w.Shifts {
			causes = append(causes, fmt.Sprintf("%s %+d", s.Cause, s.Columns))
		}
		return fmt.Sprintf("%d:%d %s", w.Odds.Attack, w.Odds.Defense, strings.Join(causes, ", "))
	}
	plain := odds("")
	fort := odds("\n[[fortification]]\nname = \"Line\"\nhexes = [\"B-1603\", \"B-1604\"]\n")
	if plain == fort || !strings.Contains(fort, "fortress") {
		t.Errorf("a fortified hex: %q, unfortified %q: want a fortress shift", fort, plain)
	}

	g, _ := newTestGame(t, fmt.Sprintf(board, "soviet-general")+unitTOML("sov-a", "soviet", "infantry", 8, 4, 6, "B-1503")+
		"\n[[region]]\nname = \"Marsh\"\nhexes = [\"B-1403\"]\n[closed]\nsoviet = [\"Marsh\"]\n", Options{})
	if err := g.Exec("move B-1503 B-1403"); err == nil || !strings.Contains(err.Error(), "closed to soviet units") {
		t.Errorf("a move into a closed region: %v", err)
	}
	if h, _ := g.S.Map.ParseHex("B-1503"); g.S.Map.IsFortified(h) {
		t.Errorf("an unfortified hex counts as fortified")
	}
}

func hexOf(t *testing.T, m *core.Map, id string) int {
	t.Helper()
	h, err := m.ParseHex(id)
	if err != nil {
		t.Fatal(err)
	}
	return h
}
