package game

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gpw"
	"gpw/scenario"
)

type expectation struct {
	Dice   []int            `json:"dice"`
	Expect []map[string]any `json:"expect"`
	Errors int              `json:"errors"`
}

// matches reports whether event e has every field of want (strings compare
// case-insensitively, numbers by value), as ../shared/examples/check.py does.
func matches(want map[string]any, e map[string]any) bool {
	for k, v := range want {
		got, ok := e[k]
		if !ok {
			return false
		}
		switch v := v.(type) {
		case string:
			s, ok := got.(string)
			if !ok || !strings.EqualFold(strings.TrimSpace(s), strings.TrimSpace(v)) {
				return false
			}
		case float64:
			n, ok := got.(float64)
			if !ok || n != v {
				return false
			}
		default:
			if fmt.Sprint(v) != fmt.Sprint(got) {
				return false
			}
		}
	}
	return true
}

// TestRulebookExamples replays the rulebook's worked examples shipped in
// scenarios/rulebook and checks their expectations.
func TestRulebookExamples(t *testing.T) {
	files, _ := filepath.Glob("../scenarios/rulebook/*.expect.json")
	if len(files) != 5 {
		t.Fatalf("found %d examples, want 5", len(files))
	}
	for _, f := range files {
		base := strings.TrimSuffix(f, ".expect.json")
		t.Run(filepath.Base(base), func(t *testing.T) {
			var ex expectation
			data, _ := os.ReadFile(f)
			if err := json.Unmarshal(data, &ex); err != nil {
				t.Fatal(err)
			}
			src, _ := os.ReadFile(base + ".toml")
			sc, err := scenario.Parse(base+".toml", src, gpw.Data)
			if err != nil {
				t.Fatal(err)
			}
			var evs []Event
			g, err := New(sc, Options{Dice: ex.Dice}, gpw.Data, func(e Event) { evs = append(evs, e) })
			if err != nil {
				t.Fatal(err)
			}
			cmds, _ := os.ReadFile(base + ".gpw")
			refused := script(t, g, string(cmds))
			var got []map[string]any
			for _, e := range evs {
				j, _ := json.Marshal(e)
				var m map[string]any
				_ = json.Unmarshal(j, &m)
				got = append(got, m)
			}
			i := 0
			for _, e := range got {
				if i < len(ex.Expect) && matches(ex.Expect[i], e) {
					i++
				}
			}
			if i < len(ex.Expect) {
				t.Errorf("missing expected event %v\nlog:\n%s", ex.Expect[i], jsonLog(t, evs))
			}
			if len(refused) != ex.Errors {
				t.Errorf("%d refusals %q, want %d", len(refused), refused, ex.Errors)
			}
		})
	}
}

// TestExamplesMatchContract checks that the shipped copies of the rulebook
// examples are the contract's files, when the contract is beside the repo.
func TestExamplesMatchContract(t *testing.T) {
	shared := "../../shared/examples"
	if _, err := os.Stat(shared); err != nil {
		t.Skip("no ../shared/examples beside the repository")
	}
	files, _ := filepath.Glob("../scenarios/rulebook/*")
	for _, f := range files {
		ours, _ := os.ReadFile(f)
		theirs, err := os.ReadFile(filepath.Join(shared, filepath.Base(f)))
		if err != nil {
			t.Errorf("%s: not in the contract: %v", f, err)
			continue
		}
		if !bytes.Equal(ours, theirs) {
			t.Errorf("%s differs from %s", f, filepath.Join(shared, filepath.Base(f)))
		}
	}
}
