package scenario_test

import (
	"io/fs"
	"os"
	"path"
	"sort"
	"strings"
	"testing"

	"gpw/core"
	"gpw/scenario"
)

// data is the repository root: the built-in scenarios, catalogues and maps.
func data(t *testing.T) fs.FS {
	t.Helper()
	return os.DirFS("..")
}

// shipped lists the built-in scenarios that use the catalogue format.
func shipped(t *testing.T, d fs.FS) []string {
	var out []string
	for _, dir := range []string{"scenarios/gdw", "scenarios/adc2"} {
		ents, err := fs.ReadDir(d, dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range ents {
			if strings.HasSuffix(e.Name(), ".toml") {
				out = append(out, path.Join(dir, e.Name()))
			}
		}
	}
	sort.Strings(out)
	return out
}

func TestCatalogue(t *testing.T) {
	c, err := scenario.LoadCatalog(os.DirFS(".."), "gdw")
	if err != nil {
		t.Fatal(err)
	}
	count := map[string]int{}
	for _, u := range c.Units {
		count[u.Side+"/"+u.Nation+"/"+u.Kind]++
		count[u.Side]++
	}
	t.Logf("%d counters: %v", len(c.Units), count)
	if len(c.Units) < 230 {
		t.Errorf("%d counters, want about 240", len(c.Units))
	}
	// rulebook statements
	for id, want := range map[string][3]int{"sov-3": {8, 4, 6}, "sov-1t": {12, 6, 8}, "ss-2pz": {14, 7, 8}, "sov-1gdt": {14, 7, 8}} {
		u, ok := c.Unit(id)
		if !ok {
			t.Fatalf("no %s", id)
		}
		if got := [3]int{u.Strength[0], u.Strength[1], u.MP}; got != want {
			t.Errorf("%s: %v, want %v", id, got, want)
		}
	}
	for _, u := range c.Units {
		if u.Kind != "leader" && u.Kind != "air" && u.Strength[1] != u.Strength[0]/2 && u.Strength[1] != 0 {
			t.Errorf("%s: half strength %d is not half of %d", u.ID, u.Strength[1], u.Strength[0])
		}
		if u.Note == "" {
			t.Errorf("%s has no note", u.ID)
		}
	}
}

func TestShippedScenariosLoad(t *testing.T) {
	d := data(t)
	for _, f := range shipped(t, d) {
		sc, err := scenario.Load(d, f, d)
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		n := map[string]int{}
		for _, u := range sc.Units {
			switch {
			case u.Setup > 0 || u.Hex != "":
				n["setup"]++
			case u.Held:
				n["held"]++
			case u.Arrives != "":
				n["arrive"]++
			case u.Withdrawn:
				n["withdrawn"]++
			case u.Eliminated:
				n["eliminated"]++
			}
		}
		t.Logf("%s: %d units %v", f, len(sc.Units), n)
	}
}

// TestFrontControl checks that a front line splits the map.
func TestFrontControl(t *testing.T) {
	d := data(t)
	for _, f := range shipped(t, d) {
		sc, err := scenario.Load(d, f, d)
		if err != nil || sc.Front == nil {
			continue
		}
		for _, c := range sc.Map.Cities {
			_ = c
		}
		ax, so := 0, 0
		for h := 0; h < sc.Map.Len(); h++ {
			switch sc.Map.Control[h] {
			case core.Axis:
				ax++
			case core.Soviet:
				so++
			}
		}
		t.Logf("%s: %d Axis hexes, %d Soviet", f, ax, so)
	}
}
