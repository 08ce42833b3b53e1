package interp

import (
	"fmt"
	"slices"

	lua "github.com/yuin/gopher-lua"

	"gpw/core"
)

// WeatherZone is a part of the map with a weather of its own (R.weather_zones):
// the hexes north of a hex's row, south of it, in countries or in map
// regions. A hex is in the first zone whose every condition holds.
type WeatherZone struct {
	Name             string
	NorthOf, SouthOf string // hex ids: rows above (below) the hex's row; "" for none
	Countries        []string
	Regions          []string
}

const maxZones = 32

// compileWeatherMoves reads what each weather does to movement beyond
// move_extra and mp_half: move_cost (class → terrain → MP, "stop" or
// "no", replacing the rules' entries: cheaper or dearer), river_extra and
// exempt (kinds that move as in clear weather). It fills Move.Weathers
// and WeatherIndex; index 0 is no weather.
func (r *Module) compileWeatherMoves(rd *reader, t *lua.LTable, classIdx map[string]int) {
	wt := rd.table(t, "weather", "R.weather")
	r.WeatherIndex = map[string]int{}
	r.Move.Weathers = []core.WeatherMove{{Name: "", Cost: r.Move.Cost, River: r.Move.RiverExtra, RiverBy: r.Move.RiverBy}}
	for _, w := range keys(wt) {
		path := "R.weather." + w
		e := rd.table(wt, w, path)
		if e == nil {
			continue
		}
		fx := r.Weather[w]
		wm := core.WeatherMove{Name: w, Extra: fx.MoveExtra}
		wm.River, wm.RiverBy = riverExtra(rd, e, "river_extra", path+".river_extra", r.Move.RiverExtra, r.Move.RiverBy, classIdx)
		fx.Exempt = rd.set(e, "exempt", path+".exempt")
		for k := range fx.Exempt {
			if _, ok := r.KindClass[k]; !ok && rd.err == nil {
				rd.fail("%s.exempt.%s: %q is not a kind of R.kinds", path, k, k)
			}
		}
		wm.Exempt = fx.Exempt
		if mc := rd.table(e, "move_cost", path+".move_cost"); mc != nil {
			wm.Cost = slices.Clone(r.Move.Cost)
			for _, c := range keys(mc) {
				ci, ok := classIdx[c]
				if !ok {
					rd.fail("%s.move_cost.%s: unknown class (the classes: %v)", path, c, r.Classes)
					return
				}
				ct := rd.table(mc, c, path+".move_cost."+c)
				for _, tn := range keys(ct) {
					tt, err := core.ParseTerrain(tn)
					p := path + ".move_cost." + c + "." + tn
					if err != nil {
						rd.fail("%s: %v", p, err)
						return
					}
					switch v := ct.RawGetString(tn).(type) {
					case lua.LNumber:
						wm.Cost[ci][tt] = int8(rd.num(ct, tn, p, 1, 1, 100))
					case lua.LString:
						switch v {
						case "stop":
							wm.Cost[ci][tt] = core.CostStop
						case "no":
							wm.Cost[ci][tt] = core.CostNo
						default:
							rd.fail("%s: %q (a number, \"stop\" or \"no\")", p, string(v))
						}
					default:
						rd.fail("%s is a %s (a number, \"stop\" or \"no\")", p, v.Type())
					}
				}
			}
		}
		r.Weather[w] = fx
		r.WeatherIndex[w] = len(r.Move.Weathers)
		r.Move.Weathers = append(r.Move.Weathers, wm)
	}
	zt := rd.table(t, "weather_zones", "R.weather_zones")
	if zt != nil && zt.Len() > maxZones {
		rd.fail("R.weather_zones has %d zones; at most %d", zt.Len(), maxZones)
		return
	}
	for i := 1; zt != nil && i <= zt.Len(); i++ {
		e, _ := zt.RawGetInt(i).(*lua.LTable)
		path := fmt.Sprintf("R.weather_zones[%d]", i)
		if e == nil {
			rd.fail("%s is a %s; it must be a table {name =, north_of =, south_of =, countries =, regions =}", path, zt.RawGetInt(i).Type())
			return
		}
		z := WeatherZone{Name: rd.str(e, "name", path+".name"), NorthOf: rd.str(e, "north_of", path+".north_of"), SouthOf: rd.str(e, "south_of", path+".south_of"),
			Countries: rd.strings(e, "countries", path+".countries", 64), Regions: rd.strings(e, "regions", path+".regions", 64)}
		if z.Name == "" && rd.err == nil {
			rd.fail("%s has no name", path)
		}
		for _, o := range r.WeatherZones {
			if o.Name == z.Name && rd.err == nil {
				rd.fail("%s: the name %q is used twice", path, z.Name)
			}
		}
		r.WeatherZones = append(r.WeatherZones, z)
	}
}

// ZoneOf gives each hex of m its weather zone: index+1 into
// WeatherZones, 0 for none. A hex id of the module not on m is an error.
func (m *Module) ZoneOf(mp *core.Map) ([]uint8, error) {
	if len(m.WeatherZones) == 0 {
		return nil, nil
	}
	out := make([]uint8, mp.Len())
	type bounds struct{ north, south int }
	bs := make([]bounds, len(m.WeatherZones))
	for i, z := range m.WeatherZones {
		bs[i] = bounds{-1, -1}
		for _, e := range []struct {
			id  string
			row *int
		}{{z.NorthOf, &bs[i].north}, {z.SouthOf, &bs[i].south}} {
			if e.id == "" {
				continue
			}
			h, err := mp.ParseHex(e.id)
			if err != nil {
				return nil, fmt.Errorf("%s: R.weather_zones (%s): %v", m.Module, z.Name, err)
			}
			*e.row = h / mp.W
		}
	}
	for h := range mp.Len() {
		if !mp.OnMap[h] {
			continue
		}
		row := h / mp.W
		for i, z := range m.WeatherZones {
			b := bs[i]
			if (b.north >= 0 && row >= b.north) || (b.south >= 0 && row <= b.south) {
				continue
			}
			if len(z.Countries) > 0 && !slices.Contains(z.Countries, mp.CountryOf(h)) {
				continue
			}
			if len(z.Regions) > 0 && !slices.ContainsFunc(z.Regions, func(name string) bool {
				rg, ok := mp.Region(name)
				return ok && rg.Hexes.Has(h)
			}) {
				continue
			}
			out[h] = uint8(i + 1)
			break
		}
	}
	return out, nil
}

// ZoneIndex is the index of the zone named name in WeatherZones, or -1.
func (m *Module) ZoneIndex(name string) int {
	for i, z := range m.WeatherZones {
		if z.Name == name {
			return i
		}
	}
	return -1
}

// riverExtra reads t[k], the MP added for crossing a river: a number for
// every class, or a table by class (a class left out pays def, or defBy's
// entry). It returns the number and, for a table, the cost by class.
func riverExtra(rd *reader, t *lua.LTable, k, path string, def int, defBy []int, classIdx map[string]int) (int, []int) {
	ct, ok := t.RawGetString(k).(*lua.LTable)
	if !ok {
		n := rd.num(t, k, path, def, 0, 99)
		if t.RawGetString(k) == lua.LNil {
			return def, defBy
		}
		return n, nil
	}
	by := make([]int, len(classIdx))
	for i := range by {
		by[i] = def
		if defBy != nil {
			by[i] = defBy[i]
		}
	}
	for _, c := range keys(ct) {
		ci, ok := classIdx[c]
		if !ok {
			rd.fail("%s.%s: unknown class", path, c)
			return def, nil
		}
		by[ci] = rd.num(ct, c, path+"."+c, def, 0, 99)
	}
	return def, by
}

// EntryRules say where reinforcements and rebuilt units may enter the map
// (R.entry; all true when absent): a side's own capital whatever the ZOC
// and supply (Capitals), a friendly city (Cities; not in enemy ZOC with
// R.place_city_no_zoc), the friendly map edge out of enemy ZOC (Edge);
// rebuilt units only in a major city in supply (RebuildMajor).
type EntryRules struct {
	Capitals, Cities, Edge, RebuildMajor bool
}
