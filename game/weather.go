package game

import (
	"fmt"
	"strings"

	"gpw/core"
)

// Weather by zone (R.weather_zones): a module sets the weather of a part
// of the map (gpw.set_weather(w, die, cite, zone)); a hex of a zone whose
// weather is set has that weather, every other hex the phase's. Movement
// (its costs, the allowance's halving), the battle given to odds
// (b.hex_weather) and gpw.weather(hex) read the weather where they happen.

// weatherAt is the weather of hex h now.
func (g *Game) weatherAt(h int) string {
	if z := g.fix.zoneOf; z != nil && h >= 0 && z[h] > 0 && int(z[h]) <= len(g.zoneWeather) {
		if w := g.zoneWeather[z[h]-1]; w != "" {
			return w
		}
	}
	return g.weather
}

// WeatherAt is the weather of hex h in the phase under way (interp.World).
func (g *Game) WeatherAt(h int) string { return g.weatherAt(h) }

// SetZoneWeather sets the weather of zone z (an index into the rules'
// weather zones) for the phase under way; with a die, it prints a weather
// event naming the zone.
func (g *Game) SetZoneWeather(z int, w string, die int, cite string) {
	if len(g.zoneWeather) != len(g.Rules.WeatherZones) {
		g.zoneWeather = make([]string, len(g.Rules.WeatherZones))
	}
	g.zoneWeather[z] = w
	if die == 0 {
		return
	}
	name := g.Rules.WeatherZones[z].Name
	g.emit(EventWeather, fmt.Sprintf("weather roll %d: %s in the %s for %s (%s)", die, w, name, g.Phase().ID, cite),
		Field{"phase", g.Phase().ID}, Field{"turn", g.TurnName(g.turn)}, Field{"die", die}, Field{"weather", w}, Field{"rule", cite}, Field{"zone", name})
}

// ZoneWeather lists the zones whose weather is set this phase, "zone:
// weather", in the module's order.
func (g *Game) ZoneWeather() []string {
	var out []string
	for i, w := range g.zoneWeather {
		if w != "" && i < len(g.Rules.WeatherZones) {
			out = append(out, g.Rules.WeatherZones[i].Name+": "+w)
		}
	}
	return out
}

// zoneWeatherSet reports whether ZoneWeather lists a zone, without
// listing them.
func (g *Game) zoneWeatherSet() bool {
	for i, w := range g.zoneWeather {
		if w != "" && i < len(g.Rules.WeatherZones) {
			return true
		}
	}
	return false
}

// weatherMover sets mv to move in the weather of the phase under way: its
// weather everywhere, or each hex's where zones have their own.
func (g *Game) weatherMover(mv *core.Mover) { g.WeatherMover(mv, g.weather) }

// WeatherMover sets mv to move in weather w (for the bots' forecasts as
// well as the phase's own): the module's costs in that weather by class
// and terrain, its river crossing and added MP, kinds exempted; where
// zones of the map have a weather of their own this phase, theirs.
func (g *Game) WeatherMover(mv *core.Mover, w string) {
	mv.Extra = 0
	mv.Weather = g.Rules.WeatherIndex[w]
	mv.Zone = nil
	if g.fix.zoneOf == nil || !g.zoneWeatherSet() {
		return
	}
	key := w + "|" + strings.Join(g.zoneWeather, "|")
	if key != g.zoneKey || len(g.zoneBuf) != len(g.fix.zoneOf) {
		if len(g.zoneBuf) != len(g.fix.zoneOf) {
			g.zoneBuf = make([]uint8, len(g.fix.zoneOf))
		}
		idx := make([]uint8, len(g.zoneWeather)+1)
		idx[0] = uint8(mv.Weather)
		for i, zw := range g.zoneWeather {
			idx[i+1] = idx[0]
			if zw != "" {
				idx[i+1] = uint8(g.Rules.WeatherIndex[zw])
			}
		}
		for h, z := range g.fix.zoneOf {
			g.zoneBuf[h] = idx[z]
		}
		g.zoneKey = key
	}
	mv.Zone = g.zoneBuf
}

// mpHalved reports whether the weather where unit k stands halves its
// allowance, and names that weather.
func (g *Game) mpHalved(k int) (bool, string) {
	u := &g.S.Units[k]
	w := g.weatherAt(u.Hex)
	fx := g.Rules.Weather[w]
	return fx.MPHalf && !fx.Exempt[u.Kind], w
}
