package pictures

import (
	"image/color"
	"image/png"
	"math"
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

// movementMap is the map of the rulebook's movement example.
func movementMap(t *testing.T) *core.Map {
	t.Helper()
	sc, err := scenario.Load(gpw.Data, path.Join("scenarios", "rulebook", "movement.toml"), gpw.Data)
	if err != nil {
		t.Fatal(err)
	}
	return sc.Map
}

func TestWrite(t *testing.T) {
	m := movementMap(t)
	c := mapgen.FromMap(m)
	n := m.Len()
	h := &sim.Header{Scenario: "movement", Arms: []sim.Arm{{Name: "gdw"}, {Name: "rules/house/x.lua"}}, Games: 4}
	all, none := make([]bool, n), make([]bool, n)
	for i := range all {
		all[i] = m.Control[i] != core.NoSide
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

func TestScaleAndColours(t *testing.T) {
	m := movementMap(t)
	land := -1
	for i := 0; i < m.Len(); i++ {
		if inPlay(m, i) {
			land = i
			break
		}
	}
	for _, c := range []struct{ top, want float64 }{{0.063, 0.1}, {0.004, 0.01}, {0.3, 0.5}, {0.2, 0.2}, {1, 1}, {0, 0.01}} {
		diff := make([]float64, m.Len())
		diff[land] = -c.top
		if got := Scale(m, diff); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("largest difference %g: scale %g, want %g", c.top, got, c.want)
		}
	}
	for _, c := range []struct {
		v    float64
		want color.NRGBA
	}{{-1, color.NRGBA{0x21, 0x66, 0xac, 255}}, {0, color.NRGBA{255, 255, 255, 255}}, {1, color.NRGBA{0xb2, 0x18, 0x2b, 255}}} {
		if got, err := (Diverging{}).At(c.v); err != nil || got != c.want {
			t.Errorf("At(%g) = %v, want %v", c.v, got, c.want)
		}
	}
	if _, err := (Diverging{}).At(1.5); err == nil {
		t.Errorf("At(1.5) gave a colour")
	}
}

// TestHexTests: a hex the Axis holds under arm 1 in every game and
// under arm 0 in none is significant; one it holds under both is not.
func TestHexTests(t *testing.T) {
	m := movementMap(t)
	var play []int
	for i := 0; i < m.Len(); i++ {
		if inPlay(m, i) {
			play = append(play, i)
		}
	}
	changed, same := play[0], play[1]
	h := &sim.Header{Arms: []sim.Arm{{Name: "a"}, {Name: "b"}}, Games: 30}
	var recs []*sim.Record
	for g := 0; g < 30; g++ {
		for a := 0; a < 2; a++ {
			on := make([]bool, m.Len())
			on[same] = true
			on[changed] = a == 1
			recs = append(recs, &sim.Record{Game: g, Arm: a, AxisHexes: sim.Bits(on)})
		}
	}
	diff, sig, tested, err := HexTests(h, recs, m, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	if diff[changed] != 1 || !sig[changed] || diff[same] != 0 || sig[same] || tested != len(play) {
		t.Errorf("changed: %g %v; same: %g %v; %d tested of %d", diff[changed], sig[changed], diff[same], sig[same], tested, len(play))
	}
}
