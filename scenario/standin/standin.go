// Package standin builds a coarse stand-in for the theatre map (maps/gpw.toml)
// from the geographic sources in maps/geo: the same sheets and hex ids, the
// cities and setup regions where a linear projection puts them, countries
// and seas as rough boxes. Tests use it when the compiled map is absent, so
// that the shipped scenarios can be loaded and played before the map exists.
// It is not a map to play on.
package standin

import (
	"fmt"
	"io/fs"
	"sort"
	"strings"
	"testing/fstest"

	"github.com/BurntSushi/toml"
)

const (
	cols, rows = 52, 36
	lon0, dLon = 9.0, 0.9 // column 1 at lon0
	lat0, dLat = 61.0, 0.6
)

func hexAt(lon, lat float64) (c, r int) {
	c = 1 + int((lon-lon0)/dLon+0.5)
	r = 1 + int((lat0-lat)/dLat+0.5)
	return c, r
}

func center(c, r int) (lon, lat float64) {
	return lon0 + float64(c-1)*dLon, lat0 - float64(r-1)*dLat
}

func id(c, r int) string {
	if c <= 26 {
		return fmt.Sprintf("A-%02d%02d", c, r)
	}
	return fmt.Sprintf("B-%02d%02d", c-26, r)
}

func water(lon, lat float64) bool {
	switch {
	case lat > 54.6 && lon < 21.2 && !(lat > 59.5 && lon > 19.5): // Baltic
		return lon > 13.5 || lat > 55.2
	case lat > 56.5 && lat < 59.2 && lon > 19 && lon < 23.5: // Gulf of Riga and the open Baltic
		return true
	case lat > 59.4 && lat < 60.4 && lon > 21.5 && lon < 29.6: // Gulf of Finland
		return true
	case lat > 60.0 && lat < 61.4 && lon > 30.3 && lon < 32.8: // Ladoga
		return true
	case lat < 45.2 && lat > 40.9 && lon > 28.2 && lon < 41.6: // Black Sea
		return !(lat > 44.4 && lon > 32.5 && lon < 36.6)
	case lat < 46.4 && lat > 45.2 && lon > 29.8 && lon < 32.4: // north-west shore
		return true
	case lat < 47.2 && lat > 45.3 && lon > 34.9 && lon < 39.0: // Azov
		return !(lat < 46.0 && lon < 36.6)
	case lon > 47.0 && lat < 46.6 && lat > 37: // Caspian
		return true
	}
	return false
}

func country(lon, lat float64) string {
	switch {
	case lat > 60.0 && lon < 29.5:
		return "Finland"
	case lat >= 48.2 && lon >= 24.0:
		return "USSR"
	case lat < 48.2 && lat >= 45.3 && lon >= 27.2:
		return "USSR"
	case lat < 45.3 && lon >= 36.5:
		return "USSR"
	case lat >= 49.3 && lon < 24.0 && !(lat < 49.6 && lon > 17.0):
		return "Germany"
	case lat >= 48.0 && lon >= 17.0 && lon < 22.5:
		return "Slovakia"
	case lat >= 45.8 && lat < 48.6 && lon >= 16.0 && lon < 22.8:
		return "Hungary"
	case lat >= 43.6 && lat < 48.3 && lon >= 20.5 && lon < 30:
		return "Romania"
	case lat < 44.2 && lon >= 22.5 && lon < 29:
		return "Bulgaria"
	case lat < 46.5 && lon < 23:
		return "Yugoslavia"
	case lat < 48.4 && lon < 17:
		return "Germany"
	}
	return "Turkey"
}

func inPoly(lon, lat float64, pts [][2]float64) bool {
	in := false
	for i, j := 0, len(pts)-1; i < len(pts); j, i = i, i+1 {
		xi, yi, xj, yj := pts[i][0], pts[i][1], pts[j][0], pts[j][1]
		if (yi > lat) != (yj > lat) && lon < (xj-xi)*(lat-yi)/(yj-yi)+xi {
			in = !in
		}
	}
	return in
}

type geoCities struct {
	City []struct {
		Name     string     `toml:"name"`
		At       [2]float64 `toml:"at"`
		Kind     string     `toml:"kind"`
		Capital  string     `toml:"capital"`
		RailOnly bool       `toml:"rail_only"`
	} `toml:"city"`
}

type geoRegions struct {
	Region []struct {
		Name    string       `toml:"name"`
		Kind    string       `toml:"kind"`
		Country []string     `toml:"country"`
		Points  [][2]float64 `toml:"points"`
	} `toml:"region"`
}

// MapTOML builds the stand-in map file from maps/geo in data.
func MapTOML(data fs.FS) (string, error) {
	var gc geoCities
	var gr geoRegions
	for _, f := range []struct {
		file string
		v    any
	}{{"maps/geo/cities.toml", &gc}, {"maps/geo/regions.toml", &gr}} {
		b, err := fs.ReadFile(data, f.file)
		if err != nil {
			return "", err
		}
		if _, err := toml.Decode(string(b), f.v); err != nil {
			return "", fmt.Errorf("%s: %v", f.file, err)
		}
	}
	var b strings.Builder
	b.WriteString("# stand-in map (scenario/standin): not for play\nformat_version = 1\nname = \"gpw\"\nowner = \"axis\"\n")
	b.WriteString("[[sheets]]\nname = \"A\"\ncol0 = 0\nrow0 = 0\ncols = 26\nrows = 36\n")
	b.WriteString("[[sheets]]\nname = \"B\"\ncol0 = 26\nrow0 = 0\ncols = 26\nrows = 36\n")
	var sea, soviet []string
	countries := map[string][]string{}
	regions := map[string][]string{}
	var regionOrder []string
	isWater := map[string]bool{}
	for c := 1; c <= cols; c++ {
		for r := 1; r <= rows; r++ {
			lon, lat := center(c, r)
			h := id(c, r)
			if water(lon, lat) {
				sea = append(sea, fmt.Sprintf("%q", h))
				isWater[h] = true
				continue
			}
			ctry := country(lon, lat)
			countries[ctry] = append(countries[ctry], fmt.Sprintf("%q", h))
			if ctry == "USSR" {
				soviet = append(soviet, fmt.Sprintf("%q", h))
			}
			taken := map[string]bool{}
			for _, rg := range gr.Region {
				if taken[rg.Kind] || !inPoly(lon, lat, rg.Points) {
					continue
				}
				if len(rg.Country) > 0 {
					ok := false
					for _, k := range rg.Country {
						ok = ok || k == ctry
					}
					if !ok {
						continue
					}
				}
				taken[rg.Kind] = true
				if _, seen := regions[rg.Name]; !seen {
					regionOrder = append(regionOrder, rg.Name)
				}
				regions[rg.Name] = append(regions[rg.Name], fmt.Sprintf("%q", h))
			}
		}
	}
	fmt.Fprintf(&b, "[terrain]\nsea = [%s]\n", strings.Join(sea, ", "))
	fmt.Fprintf(&b, "[control]\nsoviet = [%s]\n", strings.Join(soviet, ", "))
	used := map[string]bool{}
	for _, c := range gc.City {
		if c.RailOnly {
			continue
		}
		cc, r := hexAt(c.At[0], c.At[1])
		if cc < 1 || cc > cols || r < 1 || r > rows {
			continue
		}
		h := id(cc, r)
		if used[h] || isWater[h] {
			// the nearest free land hex to the east or west
			found := false
			for _, dc := range []int{1, -1, 2, -2} {
				if c2 := cc + dc; c2 >= 1 && c2 <= cols && !used[id(c2, r)] && !isWater[id(c2, r)] {
					h, found = id(c2, r), true
					break
				}
			}
			if !found {
				continue
			}
		}
		used[h] = true
		fmt.Fprintf(&b, "[[city]]\nhex = %q\nname = %q\nkind = %q\n", h, c.Name, c.Kind)
		if c.Capital != "" {
			fmt.Fprintf(&b, "capital = %q\n", c.Capital)
		}
	}
	names := make([]string, 0, len(countries))
	for n := range countries {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(&b, "[[country]]\nname = %q\nhexes = [%s]\n", n, strings.Join(countries[n], ", "))
	}
	for _, n := range regionOrder {
		fmt.Fprintf(&b, "[[region]]\nname = %q\nhexes = [%s]\n", n, strings.Join(regions[n], ", "))
	}
	return b.String(), nil
}

// overlay is data with maps/gpw.toml added.
type overlay struct {
	fs.FS
	extra fstest.MapFS
}

func (o overlay) Open(name string) (fs.File, error) {
	if _, ok := o.extra[name]; ok {
		return o.extra.Open(name)
	}
	return o.FS.Open(name)
}

// FS returns data itself when it holds maps/gpw.toml, else data with the
// stand-in map added as maps/gpw.toml. It reports which.
func FS(data fs.FS) (fs.FS, bool, error) {
	if _, err := fs.Stat(data, "maps/gpw.toml"); err == nil {
		return data, false, nil
	}
	m, err := MapTOML(data)
	if err != nil {
		return nil, false, err
	}
	return overlay{FS: data, extra: fstest.MapFS{"maps/gpw.toml": {Data: []byte(m)}}}, true, nil
}
