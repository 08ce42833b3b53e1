package scenario_test

import (
	"errors"
	"os"
	"testing"

	"gpw/scenario"
)

// checkLoad checks what a load of hostile bytes gave: either a scenario
// within the limits or an error of file and line, in plain words.
func checkLoad(t *testing.T, err error) {
	t.Helper()
	if err == nil {
		return
	}
	var es scenario.Errors
	var e *scenario.Error
	if !errors.As(err, &es) && !errors.As(err, &e) {
		t.Errorf("error of type %T, not a scenario error: %v", err, err)
	}
	checkMessage(t, err)
}

// FuzzLoadScenario loads arbitrary scenario files against the built-in
// catalogues, schedules and maps. Every hostile case of hostile_test.go is
// in its seed corpus (testdata/fuzz/FuzzLoadScenario). A brief run:
//
//	go test ./scenario -run '^$' -fuzz FuzzLoadScenario -fuzztime 20s -fuzzminimizetime 1s
//
// (minimizing a new input of the large seeds takes up to the default 60 s,
// during which nothing else is fuzzed).
func FuzzLoadScenario(f *testing.F) {
	d := os.DirFS("..")
	for _, file := range []string{barbarossa, "scenarios/adc2/campaign.toml", "scenarios/rulebook/rail.toml"} {
		data, err := os.ReadFile("../" + file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		sc, err := scenario.Parse("f.toml", data, d)
		checkLoad(t, err)
		if err == nil && (sc.Map == nil || len(sc.Units) > scenario.MaxUnits || sc.Map.Len() > scenario.MaxMapHexes) {
			t.Errorf("loaded beyond the limits: %d units, %d hexes", len(sc.Units), sc.Map.Len())
		}
	})
}

// FuzzLoadMap reads arbitrary map files (without the cache); its seed
// corpus (testdata/fuzz/FuzzLoadMap) holds the hostile maps. Run it as
// FuzzLoadScenario.
func FuzzLoadMap(f *testing.F) {
	data, err := os.ReadFile("../maps/gpw.toml")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := scenario.ParseMap("f.toml", data)
		checkLoad(t, err)
		if err == nil && m.Len() > scenario.MaxMapHexes {
			t.Errorf("a map of %d hexes", m.Len())
		}
	})
}
