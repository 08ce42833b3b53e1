package game

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gpw"
	"gpw/internal/testboard"
	"gpw/scenario"
)

// newTestGame loads a scenario text and starts a game on it.
func newTestGame(t testing.TB, toml string, o Options) (*Game, *[]Event) {
	t.Helper()
	sc, err := scenario.Parse("test.toml", []byte(toml), gpw.Data)
	if err != nil {
		t.Fatalf("scenario: %v", err)
	}
	var evs []Event
	o.KeepLog = true
	g, err := New(sc, o, gpw.Data, func(e Event) { evs = append(evs, e) })
	if err != nil {
		t.Fatalf("new game: %v", err)
	}
	return g, &evs
}

// writeFiles writes files (name: content) into dir.
func writeFiles(t testing.TB, dir string, files map[string]string) {
	t.Helper()
	for name, data := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// script runs each line, collecting refusals; other errors fail the test.
func script(t testing.TB, g *Game, lines string) (refused []string) {
	t.Helper()
	for _, l := range strings.Split(lines, "\n") {
		if err := g.Exec(l); err != nil {
			if rf, ok := err.(*Refusal); ok {
				refused = append(refused, rf.Error())
				continue
			}
			t.Fatalf("%q: %v", l, err)
		}
	}
	return refused
}

// jsonLog renders the events as the --json output would.
func jsonLog(t testing.TB, evs []Event) string {
	t.Helper()
	var b strings.Builder
	for _, e := range evs {
		j, err := json.Marshal(e)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(j)
		b.WriteByte('\n')
	}
	return b.String()
}

// find returns the events of a kind.
func find(evs []Event, kind string) []Event {
	var out []Event
	for _, e := range evs {
		if e.Kind.String() == kind {
			out = append(out, e)
		}
	}
	return out
}

// board is a 20x10 sheet B map for inline test scenarios; add units and
// terrain by appending TOML.
const board = testboard.Board

func unitTOML(id, side, kind string, full, half, mp int, hex string) string {
	return testboard.Unit(id, side, kind, full, half, mp, hex)
}
