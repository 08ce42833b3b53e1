package mapgen

import "math"

const sqrt3 = 1.7320508075688772

// EarthRadius is the radius of the sphere the projection uses, in km.
const EarthRadius = 6371.0

// Conic is a Lambert conformal conic projection on a sphere: true to scale
// along two standard parallels and nearly so between them, which suits a
// theatre stretching 20 degrees of latitude around 50°N.
type Conic struct {
	n, f, rho0, lon0 float64
}

// NewConic makes the projection with standard parallels lat1 and lat2,
// origin latitude lat0 and central meridian lon0 (degrees).
func NewConic(lat1, lat2, lat0, lon0 float64) Conic {
	p1, p2 := rad(lat1), rad(lat2)
	t := func(p float64) float64 { return math.Tan(math.Pi/4 + p/2) }
	n := math.Log(math.Cos(p1)/math.Cos(p2)) / math.Log(t(p2)/t(p1))
	if lat1 == lat2 {
		n = math.Sin(p1)
	}
	f := math.Cos(p1) * math.Pow(t(p1), n) / n
	c := Conic{n: n, f: f, lon0: lon0}
	c.rho0 = c.rho(rad(lat0))
	return c
}

func rad(d float64) float64 { return d * math.Pi / 180 }
func deg(r float64) float64 { return r * 180 / math.Pi }

func (c Conic) rho(phi float64) float64 {
	return EarthRadius * c.f / math.Pow(math.Tan(math.Pi/4+phi/2), c.n)
}

// Forward projects a longitude and latitude (degrees) to x east, y north (km).
func (c Conic) Forward(lon, lat float64) (x, y float64) {
	r := c.rho(rad(lat))
	th := c.n * rad(lon-c.lon0)
	return r * math.Sin(th), c.rho0 - r*math.Cos(th)
}

// Inverse returns the longitude and latitude of the plane point x, y.
func (c Conic) Inverse(x, y float64) (lon, lat float64) {
	dy := c.rho0 - y
	r := math.Copysign(math.Hypot(x, dy), c.n)
	th := math.Atan2(x, dy)
	lon = c.lon0 + deg(th/c.n)
	lat = deg(2*math.Atan(math.Pow(EarthRadius*c.f/r, 1/c.n)) - math.Pi/2)
	return lon, lat
}

// GreatCircle is the distance in km between two points (degrees).
func GreatCircle(lon1, lat1, lon2, lat2 float64) float64 {
	p1, p2 := rad(lat1), rad(lat2)
	dp, dl := p2-p1, rad(lon2-lon1)
	a := math.Sin(dp/2)*math.Sin(dp/2) + math.Cos(p1)*math.Cos(p2)*math.Sin(dl/2)*math.Sin(dl/2)
	return 2 * EarthRadius * math.Asin(math.Sqrt(a))
}
