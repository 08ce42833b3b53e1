package game

import (
	"strconv"
	"strings"

	"gpw/core"
	"gpw/interp"
)

// placeLimits is what the module's place_limits hook said of where one
// unit may enter: checked on each hex in Go, so that listing where a
// unit may be placed runs no Lua per hex.
type placeLimits struct {
	k      int
	check  interp.PathCheck
	limits []interp.PlaceLimit
	hexes  [][]int // per limit: the hexes a hexes limit names
}

// fastPlace lets the listings skip can_place where place_limits' check
// allows; off, they ask can_place about every hex the limits pass (the
// tests compare the two).
var fastPlace = true

// placeLimitsOf asks place_limits where unit k may enter (how: place,
// rebuild, setup); nil when the module has no such hook or answers nil.
func (g *Game) placeLimitsOf(k int, how string) (*placeLimits, error) {
	if !g.Rules.Has("place_limits") {
		return nil, nil
	}
	l, err := g.Rules.PlaceLimits(k, how)
	if err != nil || l == nil {
		return nil, err
	}
	pl := &placeLimits{k: k, check: l.Check, limits: l.Limits, hexes: make([][]int, len(l.Limits))}
	for i, x := range l.Limits {
		for _, id := range x.Hexes {
			h, err := g.S.Map.ParseHex(id)
			if err != nil || !g.S.Map.OnMap[h] {
				return nil, g.Rules.HookError("place_limits", "limit %d's hexes name %s, no hex of the map", i+1, safeID(id))
			}
			pl.hexes[i] = append(pl.hexes[i], h)
		}
	}
	return pl, nil
}

// safeID is a hex id as a module gave it, quoted and cut short for an
// error.
func safeID(id string) string {
	if len(id) > 40 {
		id = id[:40] + "..."
	}
	return strconv.Quote(id)
}

// refuses is the first limit hex h breaks, -1 for none.
func (pl *placeLimits) refuses(g *Game, h int) (int, int, int) {
	s, m := g.S, g.S.Map
	side := s.Units[pl.k].Side
	for i, x := range pl.limits {
		switch x.Kind {
		case interp.PlaceHexes:
			if !containsInt(pl.hexes[i], h) {
				return i, 0, 0
			}
		case interp.PlaceFriendly:
			if s.Control[h] != side {
				return i, 0, 0
			}
		case interp.PlaceEntry:
			c, isCity := m.City(h)
			if edgeOf(m, h) != side && !(isCity && c.Name != "" && s.Control[h] == side) {
				return i, 0, 0
			}
		case interp.PlaceNoZOC:
			if s.EnemyZOC(side, h) {
				return i, 0, 0
			}
		case interp.PlaceRoom:
			most := roomAt(m, x.Room, h)
			n := 0
			s.AnyAt(h, func(o int) bool {
				if o != pl.k && s.Units[o].Kind == x.Of {
					n++
				}
				return false
			})
			if n >= most {
				return i, n, most
			}
		}
	}
	return -1, 0, 0
}

// roomAt is a room limit's number for hex h: by its city's kind, else
// rail for a hex with a rail line, else 0.
func roomAt(m *core.Map, room map[string]int, h int) int {
	if c, ok := m.City(h); ok {
		if n, ok := room[c.Kind.String()]; ok {
			return n
		}
	}
	if m.IsRail(h) {
		return room["rail"]
	}
	return 0
}

// edgeOf is the side whose map edge hex h is on, as gpw.hex's edge_of
// names it (the Soviets' on a hex of both edges); core.NoSide for none.
func edgeOf(m *core.Map, h int) core.Side {
	switch {
	case m.IsEdge(core.Soviet, h):
		return core.Soviet
	case m.IsEdge(core.Axis, h):
		return core.Axis
	}
	return core.NoSide
}

func containsInt(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// refusal is the refusal of the first limit hex h breaks, nil for none.
func (pl *placeLimits) refusal(g *Game, h int) error {
	if pl == nil {
		return nil
	}
	i, n, most := pl.refuses(g, h)
	if i < 0 {
		return nil
	}
	x := pl.limits[i]
	msg := strings.NewReplacer("{hex}", g.S.Map.ID(h), "{n}", strconv.Itoa(n), "{most}", strconv.Itoa(most)).Replace(x.Reason)
	return &Refusal{Msg: msg, Rule: x.Rule}
}

// ask reports whether a listing still asks can_place about hex h (that
// passed the limits): under check "occupied", a hex holding any unit.
func (pl *placeLimits) ask(g *Game, h int) bool {
	switch {
	case pl == nil || pl.check == interp.CheckAll || !fastPlace:
		return true
	case pl.check == interp.CheckOccupied:
		return g.S.AnyAt(h, func(int) bool { return true })
	}
	return false
}

// placeOK reports whether unit k may enter hex h (how: place, rebuild),
// as placeHex judges it, pl being the unit's place limits: the limits
// checked in Go, can_place asked only where their check says.
func (g *Game) placeOK(k, h int, how string, major bool, pl *placeLimits) bool {
	if pl == nil {
		if !g.Rules.Has("can_place") && !g.Rules.Has("place_limits") {
			// placeHex is the engine's entry rule alone: no need to word
			// a refusal
			return g.entryRule(g.S.Units[k].Side, h, major, false) == nil
		}
		return g.allowed(g.placeHex(k, h, how, major))
	}
	own := g.Rules.Has("can_place")
	if own && !g.S.Placeable(k, h) {
		return false
	}
	if i, _, _ := pl.refuses(g, h); i >= 0 {
		return false
	}
	if own && !pl.ask(g, h) {
		return true
	}
	return g.allowed(g.askPlace(k, h, how, major))
}
