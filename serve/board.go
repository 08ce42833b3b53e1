package serve

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io/fs"
	"math"
	"path"

	"gpw/core"
	"gpw/mapgen"
)

// boardHexPx is the board's scale: pixels from hex centre to hex centre.
const boardHexPx = 48

// board is a map drawn for the browser: the static terrain layer as SVG
// (drawn by the same renderer as gpw map render) and, as JSON, where each
// hex lies, for the click targets, counters and highlights drawn over it.
type board struct {
	SVG, SVGGzip   []byte
	JSON, JSONGzip []byte
}

// boardGeometry is the JSON half of a board.
type boardGeometry struct {
	Width  int               `json:"width"`
	Height int               `json:"height"`
	HexPx  float64           `json:"hex_px"`
	Corner [][2]float64      `json:"corner"` // a hex's corners from its centre
	Hexes  [][3]any          `json:"hexes"`  // [id, x, y] of each hex in play
	Places map[string]string `json:"places"` // hex → city name
	Kinds  map[string]string `json:"kinds"`  // hex → city kind
}

// drawBoard draws m; a named map is drawn from its file so that rivers keep
// their names.
func drawBoard(data fs.FS, m *core.Map) (*board, error) {
	c := mapgen.FromMap(m)
	if m.Name != "" {
		if sub, err := fs.Sub(data, "maps"); err == nil {
			if _, err := fs.Stat(sub, m.Name+".toml"); err == nil {
				if named, err := mapgen.LoadMap(sub, path.Clean(m.Name+".toml")); err == nil {
					c = named
					if m.Len() == named.Map.Len() {
						own := *named
						own.Map = m // a scenario's towns and regions added to the map (scenario: additions)
						c = &own
					}
				}
			}
		}
	}
	d := mapgen.Drawing{C: c, HexPx: boardHexPx, Names: true, Regions: false, NoLegend: true}
	var svg bytes.Buffer
	if err := d.WriteSVG(&svg); err != nil {
		return nil, err
	}
	w, h := d.Size()
	geo := boardGeometry{Width: w, Height: h, HexPx: boardHexPx, Places: map[string]string{}, Kinds: map[string]string{}}
	first := true
	for i, on := range c.Map.OnMap {
		if !on {
			continue
		}
		ctr := d.Center(i)
		if first {
			for _, p := range d.Corners(i) {
				geo.Corner = append(geo.Corner, [2]float64{round1(p[0] - ctr[0]), round1(p[1] - ctr[1])})
			}
			first = false
		}
		geo.Hexes = append(geo.Hexes, [3]any{c.Map.ID(i), round1(ctr[0]), round1(ctr[1])})
	}
	for _, ct := range c.Map.Cities {
		geo.Places[c.Map.ID(ct.Hex)] = ct.Name
		geo.Kinds[c.Map.ID(ct.Hex)] = ct.Kind.String()
	}
	js, err := json.Marshal(geo)
	if err != nil {
		return nil, err
	}
	return &board{SVG: svg.Bytes(), SVGGzip: gz(svg.Bytes()), JSON: js, JSONGzip: gz(js)}, nil
}

func round1(x float64) float64 { return math.Round(x*10) / 10 }

func gz(b []byte) []byte {
	var out bytes.Buffer
	w, _ := gzip.NewWriterLevel(&out, gzip.BestCompression)
	w.Write(b)
	w.Close()
	return out.Bytes()
}
