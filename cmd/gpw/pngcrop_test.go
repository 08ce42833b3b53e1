package main

import (
	"image/png"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"gpw"
	"gpw/game"
	"gpw/mapgen"
	"gpw/scenario"
)

// gpw run --png FILE --png-crop front draws the front of the final
// position: a picture as large as the box round the main front, smaller
// than the whole map, which --png alone draws.
func TestRunPNGCropFront(t *testing.T) {
	dir := t.TempDir()
	size := map[string][2]int{}
	for _, c := range []struct{ name, crop string }{{"whole", ""}, {"front", "front"}} {
		file := filepath.Join(dir, c.name+".png")
		args := []string{"run", "--scenario", "gdw/barbarossa", "--bot", "axis", "--bot", "soviet", "--seed", "3", "--turns", "2", "--png", file}
		if c.crop != "" {
			args = append(args, "--png-crop", c.crop)
		}
		ios, out := testIO("")
		root := newRootCmd(ios.In, ios.Out, ios.Err)
		root.SetArgs(args)
		if err := root.Execute(); err != nil {
			t.Fatalf("%s: %v\n%s", c.name, err, out)
		}
		f, err := os.Open(file)
		if err != nil {
			t.Fatal(err)
		}
		cfg, err := png.DecodeConfig(f)
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		size[c.name] = [2]int{cfg.Width, cfg.Height}
		want := "the final position: " + file + ", " + strconv.Itoa(cfg.Width) + "×" + strconv.Itoa(cfg.Height) + " pixels"
		if !strings.Contains(out.String(), want) {
			t.Errorf("%s: the output lacks %q", c.name, want)
		}
	}
	w, h := size["whole"], size["front"]
	if h[0] >= w[0] || h[1] > w[1] || h[0] < 300 || h[1] < 600 {
		t.Errorf("the front is drawn %d×%d, the whole map %d×%d", h[0], h[1], w[0], w[1])
	}
}

// The box round the opening's front (the border) holds every hex of it
// with its margin, within the drawing; no hex, no box.
func TestDrawingBox(t *testing.T) {
	sc, err := scenario.Load(gpw.Data, "scenarios/gdw/barbarossa.toml", gpw.Data)
	if err != nil {
		t.Fatal(err)
	}
	g, err := game.New(sc, game.Options{}, gpw.Data, nil)
	if err != nil {
		t.Fatal(err)
	}
	d := mapgen.Drawing{C: drawnMap(g.Position().Map), HexPx: 48}
	hexes := frontHexes(g.Position())
	if len(hexes) < 20 {
		t.Fatalf("the opening's front has %d hexes", len(hexes))
	}
	r := d.Box(hexes, frontMargin)
	for _, h := range hexes {
		c := d.Center(h)
		if x, y := int(c[0]), int(c[1]); x-r.Min.X < 2*48 || r.Max.X-x < 2*48 || y-r.Min.Y < 2*48 || r.Max.Y-y < 2*48 {
			if x > 2*48 && y > 2*48 { // not clipped by the drawing's edge
				t.Errorf("hex %s at (%d, %d) has less than two hexes' margin in %v", g.Position().Map.ID(h), x, y, r)
			}
		}
	}
	if !d.Box(nil, frontMargin).Empty() {
		t.Errorf("a box round no hex is not empty")
	}
}

// --png-crop names a part the command knows, or the picture is refused
// with an error naming the flag.
func TestRunPNGCropBad(t *testing.T) {
	ios, out := testIO("")
	root := newRootCmd(ios.In, ios.Out, ios.Err)
	root.SetArgs([]string{"run", "--scenario", "gdw/barbarossa", "--bot", "axis", "--bot", "soviet", "--turns", "1", "--png", filepath.Join(t.TempDir(), "x.png"), "--png-crop", "east"})
	if err := root.Execute(); err == nil || !strings.Contains(err.Error(), "--png-crop east") {
		t.Errorf("--png-crop east: %v\n%s", err, out)
	}
}
