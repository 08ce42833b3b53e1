package mapgen

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"strings"

	"github.com/BurntSushi/toml"
	"github.com/paulmach/orb"
	"github.com/paulmach/orb/planar"
)

// FormatVersion is the version of the geographic source format (maps/geo).
const FormatVersion = 1

// Source is the geographic description of a theatre: everything the
// builder reads from a folder such as maps/geo, in longitude and latitude.
type Source struct {
	Map     MapConf
	Cities  []City
	Rivers  []Line
	Lakes   []Area
	Straits []Strait
	Necks   []Spot
	Terrain []Area
	Rails   []Rail
	Borders Borders
	Regions []Area

	// Land and NECountries come from the Natural Earth GeoJSON.
	Land        orb.MultiPolygon
	NECountries []Area
}

// MapConf is map.toml: the projection, the hex size and the sheets.
type MapConf struct {
	FormatVersion int    `toml:"format_version"`
	Name          string `toml:"name"`
	// Projection: Lambert conformal conic.
	Projection struct {
		Parallels [2]float64 `toml:"standard_parallels"`
		Origin    [2]float64 `toml:"origin"` // lon, lat
	} `toml:"projection"`
	HexKM float64 `toml:"hex_km"`
	// FirstHex is the lon/lat where the centre of the first sheet's hex
	// 0101 falls.
	FirstHex     [2]float64 `toml:"first_hex"`
	Sheets       []Sheet    `toml:"sheets"`
	NaturalEarth string     `toml:"natural_earth"`
	// OutOfPlay lists countries whose land is cut off from the theatre
	// (Sweden, Norway, Denmark): their hexes are compiled as sea.
	OutOfPlay []string `toml:"out_of_play"`
	// Axis and Soviet list the countries each side controls at the start.
	Axis   []string `toml:"axis"`
	Soviet []string `toml:"soviet"`
}

// Sheet is one map sheet: its letter and size; sheets lie west to east.
type Sheet struct {
	Name string `toml:"name"`
	Cols int    `toml:"cols"`
	Rows int    `toml:"rows"`
}

// City is a named place.
type City struct {
	Name    string     `toml:"name"`
	At      [2]float64 `toml:"at"` // lon, lat
	Kind    string     `toml:"kind"`
	Capital string     `toml:"capital"`
	// Aliases are other spellings a player may type (the ADC2 rules'
	// "Kubishev", today's "Samara").
	Aliases []string `toml:"aliases"`
	// Rail marks a junction named only to route railways; it is not put on
	// the map as a city.
	Rail bool `toml:"rail_only"`
}

// Line is a named polyline (a river).
type Line struct {
	Name   string       `toml:"name"`
	Points [][2]float64 `toml:"points"`
}

// Area is a named polygon with a kind (a terrain, a country, a region).
type Area struct {
	Name    string   `toml:"name"`
	Kind    string   `toml:"kind"`
	Country []string `toml:"country"`
	// Water makes a region of water hexes (a sea) instead of land hexes.
	Water  bool         `toml:"water"`
	Points [][2]float64 `toml:"points"`
	poly   orb.MultiPolygon
	bound  orb.Bound
}

// Spot is a named point.
type Spot struct {
	Name string     `toml:"name"`
	At   [2]float64 `toml:"at"`
}

// Strait joins two shores across a narrow sea.
type Strait struct {
	Name string     `toml:"name"`
	From [2]float64 `toml:"from"`
	To   [2]float64 `toml:"to"`
}

// Rail is a railway as a chain of place names.
type Rail struct {
	Name   string   `toml:"name"`
	Places []string `toml:"places"`
}

// Borders is borders.toml: how the modern Natural Earth countries map to
// the states of 22 June 1941, and the areas painted over them.
type Borders struct {
	FormatVersion int               `toml:"format_version"`
	Base          map[string]string `toml:"base"`
	Areas         []Area            `toml:"area"`
}

// Contains reports whether the point lies in the area.
func (a *Area) Contains(p orb.Point) bool {
	if !a.bound.Contains(p) {
		return false
	}
	return planar.MultiPolygonContains(a.poly, p)
}

func (a *Area) prepare() error {
	if a.poly == nil {
		if len(a.Points) < 3 {
			return fmt.Errorf("%s: a polygon needs at least 3 points, has %d", a.Name, len(a.Points))
		}
		r := orb.Ring{}
		for _, p := range a.Points {
			r = append(r, orb.Point(p))
		}
		if r[0] != r[len(r)-1] {
			r = append(r, r[0])
		}
		a.poly = orb.MultiPolygon{{r}}
	}
	a.bound = a.poly.Bound()
	return nil
}

type versioned struct {
	FormatVersion int `toml:"format_version"`
}

func decode(fsys fs.FS, name string, v any) error {
	data, err := fs.ReadFile(fsys, name)
	if err != nil {
		return err
	}
	var ver versioned
	if _, err := toml.Decode(string(data), &ver); err != nil {
		return fmt.Errorf("%s: %v", name, err)
	}
	if ver.FormatVersion != FormatVersion {
		return fmt.Errorf("%s: format_version is %d; this gpw reads geographic format %d", name, ver.FormatVersion, FormatVersion)
	}
	md, err := toml.Decode(string(data), v)
	if err != nil {
		return fmt.Errorf("%s: %v", name, err)
	}
	if u := md.Undecoded(); len(u) > 0 {
		var ks []string
		for _, k := range u {
			ks = append(ks, k.String())
		}
		return fmt.Errorf("%s: unknown keys %s", name, strings.Join(ks, ", "))
	}
	return nil
}

// LoadSource reads a theatre's geographic source from the folder dir of fsys.
func LoadSource(fsys fs.FS, dir string) (*Source, error) {
	s := &Source{}
	var cities struct {
		FormatVersion int    `toml:"format_version"`
		City          []City `toml:"city"`
	}
	var rivers struct {
		FormatVersion int    `toml:"format_version"`
		River         []Line `toml:"river"`
	}
	var water struct {
		FormatVersion int      `toml:"format_version"`
		Lake          []Area   `toml:"lake"`
		Strait        []Strait `toml:"strait"`
		Land          []Spot   `toml:"land"`
	}
	var terrain struct {
		FormatVersion int    `toml:"format_version"`
		Area          []Area `toml:"area"`
	}
	var rails struct {
		FormatVersion int    `toml:"format_version"`
		Rail          []Rail `toml:"rail"`
	}
	var regions struct {
		FormatVersion int    `toml:"format_version"`
		Region        []Area `toml:"region"`
	}
	files := []struct {
		name string
		v    any
	}{
		{"map.toml", &s.Map}, {"cities.toml", &cities}, {"rivers.toml", &rivers},
		{"water.toml", &water}, {"terrain.toml", &terrain}, {"rail.toml", &rails},
		{"borders.toml", &s.Borders}, {"regions.toml", &regions},
	}
	for _, f := range files {
		if err := decode(fsys, path.Join(dir, f.name), f.v); err != nil {
			return nil, err
		}
	}
	s.Cities, s.Rivers, s.Lakes, s.Straits, s.Necks = cities.City, rivers.River, water.Lake, water.Strait, water.Land
	s.Terrain, s.Rails, s.Regions = terrain.Area, rails.Rail, regions.Region
	for _, list := range [][]Area{s.Lakes, s.Terrain, s.Borders.Areas, s.Regions} {
		for k := range list {
			if err := list[k].prepare(); err != nil {
				return nil, err
			}
		}
	}
	data, err := fs.ReadFile(fsys, path.Join(dir, s.Map.NaturalEarth))
	if err != nil {
		return nil, err
	}
	var fc struct {
		Features []struct {
			Properties struct{ Kind, Name string }
			Geometry   struct {
				Type        string
				Coordinates [][][][2]float64
			}
		}
	}
	if err := json.Unmarshal(data, &fc); err != nil {
		return nil, fmt.Errorf("%s: %v", s.Map.NaturalEarth, err)
	}
	for _, f := range fc.Features {
		if f.Geometry.Type != "MultiPolygon" {
			continue
		}
		var mp orb.MultiPolygon
		for _, poly := range f.Geometry.Coordinates {
			var p orb.Polygon
			for _, ring := range poly {
				var r orb.Ring
				for _, pt := range ring {
					r = append(r, orb.Point(pt))
				}
				p = append(p, r)
			}
			mp = append(mp, p)
		}
		name := f.Properties.Name
		if f.Properties.Kind == "land" {
			s.Land = append(s.Land, mp...)
			continue
		}
		a := Area{Name: name, Kind: "country", poly: mp}
		a.prepare()
		s.NECountries = append(s.NECountries, a)
	}
	return s, s.check()
}

func (s *Source) check() error {
	seen := map[string]bool{}
	for _, c := range s.Cities {
		if seen[strings.ToLower(c.Name)] {
			return fmt.Errorf("cities.toml: %s is listed twice", c.Name)
		}
		seen[strings.ToLower(c.Name)] = true
		switch c.Kind {
		case "minor", "major", "fortress":
		default:
			if !c.Rail {
				return fmt.Errorf("cities.toml: %s: kind %q (expected minor, major or fortress)", c.Name, c.Kind)
			}
		}
	}
	for _, r := range s.Rails {
		for _, p := range r.Places {
			if !seen[strings.ToLower(p)] {
				return fmt.Errorf("rail.toml: %s: no place named %q in cities.toml", r.Name, p)
			}
		}
	}
	for _, r := range s.Rivers {
		if len(r.Points) < 2 {
			return fmt.Errorf("rivers.toml: %s has fewer than 2 points", r.Name)
		}
	}
	return nil
}

// City returns the named place.
func (s *Source) City(name string) (City, bool) {
	for _, c := range s.Cities {
		if strings.EqualFold(c.Name, name) {
			return c, true
		}
	}
	return City{}, false
}
