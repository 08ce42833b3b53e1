package scenario_test

import (
	"os"
	"reflect"
	"slices"
	"sync"
	"testing"

	"gpw/scenario"
)

const barbarossa = "scenarios/gdw/barbarossa.toml"

// A second load parses nothing again: the map, the catalogue and the
// schedules come from the process cache, the very same map included.
func TestSecondLoadIsCached(t *testing.T) {
	d := data(t)
	first, err := scenario.Load(d, barbarossa, d)
	if err != nil {
		t.Fatal(err)
	}
	before := scenario.ReadCacheStats()
	second, err := scenario.Load(d, barbarossa, d)
	if err != nil {
		t.Fatal(err)
	}
	after := scenario.ReadCacheStats()
	if after.Misses != before.Misses || after.Hits-before.Hits != 4 { // map, catalogue, two schedules
		t.Errorf("second load: %d hits, %d misses; want 4 hits, no miss", after.Hits-before.Hits, after.Misses-before.Misses)
	}
	if !reflect.DeepEqual(first.Units, second.Units) || !reflect.DeepEqual(first.Reinforce, second.Reinforce) {
		t.Errorf("the second load differs from the first")
	}
	m, err := scenario.LoadMapFile(d, "maps/gpw.toml")
	if err != nil {
		t.Fatal(err)
	}
	if first.Map != m || second.Map != m {
		t.Errorf("the scenario's map is not the shared one")
	}
}

// What a load hands out is its own: changing one scenario's units, or the
// control a [front] sets on a map, changes no other load.
func TestLoadsShareNothingWritable(t *testing.T) {
	d := data(t)
	a, err := scenario.Load(d, barbarossa, d)
	if err != nil {
		t.Fatal(err)
	}
	want := slices.Clone(a.Units[0].Strength)
	a.Units[0].Strength[0] = 99
	a.Units[0].Reduced = true
	b, err := scenario.Load(d, barbarossa, d)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(b.Units[0].Strength, want) || b.Units[0].Reduced {
		t.Errorf("a change to one scenario's unit shows in the next load: %+v", b.Units[0])
	}
	cat, err := scenario.LoadCatalog(d, "gdw")
	if err != nil {
		t.Fatal(err)
	}
	if u, _ := cat.Unit(a.Units[0].ID); u.Strength[0] == 99 {
		t.Errorf("a change to a scenario's unit shows in the shared catalogue")
	}
	m, err := scenario.LoadMapFile(d, "maps/gpw.toml")
	if err != nil {
		t.Fatal(err)
	}
	control := slices.Clone(m.Control)
	for _, f := range []string{"scenarios/gdw/fall-blau.toml", "scenarios/gdw/kursk.toml", "scenarios/gdw/bagration.toml"} {
		sc, err := scenario.Load(d, f, d)
		if err != nil {
			t.Fatal(err)
		}
		if sc.Front == nil {
			t.Fatalf("%s has no front line", f)
		}
		if sc.Map == m || slices.Equal(sc.Map.Control, control) {
			t.Errorf("%s: the front did not get its own control", f)
		}
	}
	if !slices.Equal(m.Control, control) {
		t.Errorf("a front line changed the shared map's control")
	}
}

// Loads on several goroutines at once share the cache safely (go test -race).
func TestConcurrentLoads(t *testing.T) {
	d := data(t)
	var wg sync.WaitGroup
	errs := make([]error, 8)
	for i := range errs {
		wg.Go(func() {
			for _, f := range []string{barbarossa, "scenarios/gdw/kursk.toml", "scenarios/adc2/campaign.toml"} {
				if _, err := scenario.Load(d, f, d); err != nil {
					errs[i] = err
				}
			}
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
}

// BenchmarkLoadScenarioSecond is a load of GDW Barbarossa after the first:
// the map, catalogue and schedules come from the cache.
func BenchmarkLoadScenarioSecond(b *testing.B) {
	d := os.DirFS("..")
	if _, err := scenario.Load(d, barbarossa, d); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := scenario.Load(d, barbarossa, d); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkParseMap parses the theatre map without the cache: the cost of
// a first load.
func BenchmarkParseMap(b *testing.B) {
	data, err := os.ReadFile("../maps/gpw.toml")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := scenario.ParseMap("maps/gpw.toml", data); err != nil {
			b.Fatal(err)
		}
	}
}
