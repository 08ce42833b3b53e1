package mapgen

import (
	"image"
	"image/png"
	"io"
	"math"
)

// Box is the part of the drawing that holds the hexes given and margin
// hexes round them, in pixels, within the drawing: empty for no hex.
func (d Drawing) Box(hexes []int, margin int) image.Rectangle {
	var box image.Rectangle
	r := d.HexPx * (float64(margin) + 0.5)
	for _, i := range hexes {
		c := d.center(i)
		box = box.Union(image.Rect(int(math.Floor(c[0]-r)), int(math.Floor(c[1]-r)), int(math.Ceil(c[0]+r)), int(math.Ceil(c[1]+r))))
	}
	w, h := d.Size()
	return box.Intersect(image.Rect(0, 0, w, h))
}

// WritePNGIn draws the map as a PNG image of the part r of the drawing
// (the whole drawing when r is empty).
func (d Drawing) WritePNGIn(w io.Writer, r image.Rectangle) error {
	p, err := d.drawPNG()
	if err != nil {
		return err
	}
	img := p.dc.Image()
	if r.Empty() {
		return png.Encode(w, img)
	}
	type sub interface {
		SubImage(image.Rectangle) image.Image
	}
	return png.Encode(w, img.(sub).SubImage(r))
}
