package pictures

import (
	"image/png"
	"os"
	"path"
	"path/filepath"
	"testing"

	"gpw"
	"gpw/core"
	"gpw/mapgen"
	"gpw/scenario"
	"gpw/sim"
)

// tint is the mean blue minus the mean red of an image.
func tint(t *testing.T, file string) float64 {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	b := img.Bounds()
	sum, n := 0.0, 0
	for y := b.Min.Y; y < b.Max.Y; y += 3 {
		for x := b.Min.X; x < b.Max.X; x += 3 {
			r, _, bl, _ := img.At(x, y).RGBA()
			sum += float64(bl) - float64(r)
			n++
		}
	}
	return sum / float64(n)
}

func TestWrite(t *testing.T) {
	sc, err := scenario.Load(gpw.Data, path.Join("scenarios", "rulebook", "movement.toml"), gpw.Data)
	if err != nil {
		t.Fatal(err)
	}
	c := mapgen.FromMap(sc.Map)
	n := sc.Map.Len()
	h := &sim.Header{Scenario: "movement", Arms: []sim.Arm{{Name: "gdw"}, {Name: "rules/house/x.lua"}}, Games: 4}
	all, none := make([]bool, n), make([]bool, n)
	for i := range all {
		all[i] = sc.Map.Control[i] != core.NoSide
	}
	var recs []*sim.Record
	for g := 0; g < 8; g++ {
		r := &sim.Record{Game: g / 2, Arm: g % 2, AxisHexes: sim.Bits(none), Turns: []string{"T"}, Length: 1, Standing: "S"}
		r.Cities.Axis, r.Cities.Soviet = []int{g}, []int{10 - g}
		if r.Arm == 1 {
			r.AxisHexes = sim.Bits(all)
		}
		recs = append(recs, r)
	}
	share, err := Shares(h, recs, n)
	if err != nil || share[0][0] != 0 || share[1][0] != 1 {
		t.Fatalf("shares %v %v, %v", share[0][:1], share[1][:1], err)
	}
	dir := t.TempDir()
	files, err := Write(dir, c, h, recs, sim.Summarize(h, recs))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 4 {
		t.Fatalf("files %v", files)
	}
	soviet, axis, diff := tint(t, filepath.Join(dir, "arm0-gdw-axis.png")), tint(t, filepath.Join(dir, "arm1-x-axis.png")), tint(t, filepath.Join(dir, "arm1-x-diff.png"))
	if !(soviet < 0 && axis > 0 && diff > 0) {
		t.Errorf("tints (blue minus red): Soviet-held %g, Axis-held %g, Axis gains %g", soviet, axis, diff)
	}
	if _, err := Shares(h, []*sim.Record{{Arm: 0, AxisHexes: sim.Bits(make([]bool, n+8))}}, n); err == nil {
		t.Errorf("a record from a larger map was read")
	}
}
