package game

import (
	"io/fs"
	"path"
	"sort"
	"strings"
	"testing"

	"gpw"
	"gpw/core"
	"gpw/interp"
	"gpw/scenario"
	"gpw/scenario/standin"
)

// setupData is the built-in data, with the stand-in map when the compiled
// theatre map (maps/gpw.toml) does not exist yet.
func setupData(t testing.TB) fs.FS {
	t.Helper()
	d, stand, err := standin.FS(gpw.Data)
	if err != nil {
		t.Fatal(err)
	}
	if stand {
		t.Log("maps/gpw.toml is absent: using the stand-in map")
	}
	return d
}

// shippedScenarios lists the built-in scenarios of the catalogue format.
func shippedScenarios(t testing.TB, d fs.FS) []string {
	var out []string
	for _, dir := range []string{"scenarios/gdw", "scenarios/adc2"} {
		ents, _ := fs.ReadDir(d, dir)
		for _, e := range ents {
			if strings.HasSuffix(e.Name(), ".toml") {
				out = append(out, path.Join(dir, e.Name()))
			}
		}
	}
	sort.Strings(out)
	if len(out) == 0 {
		t.Fatal("no shipped scenarios")
	}
	return out
}

func hasVariant(d fs.FS, v string) bool {
	mod, ok := interp.Variants[v]
	if !ok {
		return false
	}
	_, err := fs.Stat(d, "rules/"+mod+".lua")
	return err == nil
}

// Every shipped scenario loads, sets up automatically and plays two full
// turns under every variant it supports (issue 5).
func TestShippedScenariosPlayTwoTurns(t *testing.T) {
	d := setupData(t)
	for _, f := range shippedScenarios(t, d) {
		sc, err := scenario.Load(d, f, d)
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		for _, v := range sc.Variants {
			t.Run(strings.TrimSuffix(strings.TrimPrefix(f, "scenarios/"), ".toml")+"/"+v, func(t *testing.T) {
				if !hasVariant(d, v) {
					t.Skipf("no rules module for %s yet", v)
				}
				sc, err := scenario.Load(d, f, d)
				if err != nil {
					t.Fatal(err)
				}
				var evs []Event
				g, err := New(sc, Options{Rules: v, AutoSetup: true}, d, func(e Event) { evs = append(evs, e) })
				if err != nil {
					t.Fatal(err)
				}
				defer g.Close()
				if g.InSetup() {
					t.Fatal("still in setup after --auto-setup")
				}
				placed := 0
				for k, us := range sc.Units {
					if us.Setup > 0 {
						if g.S.Units[k].Status != core.OnMap {
							t.Errorf("%s not set up", us.ID)
						}
						if a := g.SetupArea(k); a != nil && g.S.Units[k].Status == core.OnMap && !a.Has(g.S.Units[k].Hex) {
							t.Errorf("%s set up outside its area", us.ID)
						}
						placed++
					}
				}
				if err := g.PlayTurns(2); err != nil {
					t.Fatalf("after %d events: %v", len(evs), err)
				}
				kinds := map[string]int{}
				for _, e := range evs {
					kinds[e.Kind]++
					if e.Kind == "error" {
						t.Errorf("error event: %s", e.Text)
					}
				}
				start, _ := scenario.ParseTurn(sc.Start)
				if g.turn < start+2 && !g.Over() {
					t.Errorf("played to %s only", g.TurnName(g.turn))
				}
				t.Logf("%d set up by rule; events %v", placed, kinds)
			})
		}
	}
}
