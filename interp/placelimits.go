package interp

import (
	"slices"

	lua "github.com/yuin/gopher-lua"
)

// PlaceKind is the kind of one place limit.
type PlaceKind uint8

const (
	PlaceHexes    PlaceKind = iota // the hex is one of Hexes
	PlaceFriendly                  // the unit's side controls the hex
	PlaceEntry                     // the side's map edge (as gpw.hex's edge_of names it) or a city it controls
	PlaceNoZOC                     // no enemy zone of control covers the hex
	PlaceRoom                      // fewer than Room's number of units of kind Of (the unit aside) stand there
)

var placeKindNames = [...]string{"hexes", "friendly", "entry", "no_zoc", "room"}

func (k PlaceKind) String() string { return placeKindNames[k] }

// RoomKeys are what a room limit's numbers are keyed by: the hex's city
// kind, else rail for a hex with a rail line.
var RoomKeys = []string{"minor", "major", "fortress", "rail"}

// PlaceLimit is one limit a module puts on where a unit may be placed,
// with the refusal's reason and rule. In the reason "{hex}" stands for
// the hex refused; for a room limit "{n}" for the units there and
// "{most}" for the room.
type PlaceLimit struct {
	Kind   PlaceKind
	Hexes  []string       // hex ids (PlaceHexes)
	Room   map[string]int // by RoomKeys (PlaceRoom); a key left out is 0
	Of     string         // the unit kind a room limit counts
	Reason string
	Rule   string
}

// PlaceLimits is what place_limits(u, how) answered for one unit: limits
// the engine checks on each hex itself, and which hexes passing them it
// still asks can_place about.
type PlaceLimits struct {
	Limits []PlaceLimit
	Check  PathCheck // all, occupied (a hex holding any unit) or none
}

// PlaceLimits calls place_limits(u, how) for unit k (how: place,
// rebuild): nil when the module has no such hook or answers nil (every
// hex asked about).
func (r *Rules) PlaceLimits(k int, how string) (*PlaceLimits, error) {
	ret, err := r.call("place_limits", 1, Unit(k), Str(how))
	if err != nil || ret == nil {
		return nil, err
	}
	return r.readPlaceLimits(ret[0])
}

// HookError is a module's answer from hook name found wrong, naming the
// module and the phase.
func (r *Rules) HookError(name, format string, a ...any) error {
	return r.hookErr(name, format, a...)
}

// readPlaceLimits reads place_limits' answer v.
func (r *Rules) readPlaceLimits(v lua.LValue) (*PlaceLimits, error) {
	const name = "place_limits"
	if v == lua.LNil {
		return nil, nil
	}
	t, ok := v.(*lua.LTable)
	if !ok {
		return nil, r.hookErr(name, "a %s; it must return nil or {check =, limits = {...}}", v.Type())
	}
	check, ls, err := r.limitsAnswer(name, t)
	if err != nil {
		return nil, err
	}
	pl := &PlaceLimits{Check: check}
	for i := 1; ls != nil && i <= ls.Len(); i++ {
		l, err := r.placeLimit(ls.RawGetInt(i), i)
		if err != nil {
			return nil, err
		}
		pl.Limits = append(pl.Limits, l)
	}
	return pl, nil
}

// maxPlaceHexes bounds the hexes one limit may name.
const maxPlaceHexes = 256

// placeLimit reads limit i: {hexes = {ids}}, {friendly = true},
// {entry = true}, {no_zoc = true} or {room = {KEY = N, ...}, kind = K},
// each with reason and rule.
func (r *Rules) placeLimit(v lua.LValue, i int) (PlaceLimit, error) {
	const name = "place_limits"
	t, ok := v.(*lua.LTable)
	if !ok {
		return PlaceLimit{}, r.hookErr(name, "limit %d as a %s; a limit is a table", i, v.Type())
	}
	var l PlaceLimit
	kinds := 0
	for _, k := range []PlaceKind{PlaceFriendly, PlaceEntry, PlaceNoZOC} {
		switch x := t.RawGetString(k.String()); x {
		case lua.LNil:
		case lua.LTrue:
			l.Kind = k
			kinds++
		default:
			return l, r.hookErr(name, "limit %d's %s = %s; it is true or left out", i, k, safeText(x.String()))
		}
	}
	if x := t.RawGetString("hexes"); x != lua.LNil {
		a, ok := x.(*lua.LTable)
		if !ok {
			return l, r.hookErr(name, "limit %d's hexes as a %s; it must be an array of hex ids", i, x.Type())
		}
		if a.Len() > maxPlaceHexes {
			return l, r.hookErr(name, "limit %d names %d hexes (at most %d)", i, a.Len(), maxPlaceHexes)
		}
		l.Kind, l.Hexes = PlaceHexes, []string{}
		for j := 1; j <= a.Len(); j++ {
			s, ok := a.RawGetInt(j).(lua.LString)
			if !ok {
				return l, r.hookErr(name, "limit %d's hexes[%d] as a %s; a hex is an id", i, j, a.RawGetInt(j).Type())
			}
			l.Hexes = append(l.Hexes, string(s))
		}
		kinds++
	}
	if x := t.RawGetString("room"); x != lua.LNil {
		room, err := r.room(x, i)
		if err != nil {
			return l, err
		}
		of, ok := t.RawGetString("kind").(lua.LString)
		if !ok || of == "" {
			return l, r.hookErr(name, "limit %d's kind = %s; a room limit counts the units of a kind, named", i, safeText(t.RawGetString("kind").String()))
		}
		l.Kind, l.Room, l.Of = PlaceRoom, room, string(of)
		kinds++
	}
	if kinds != 1 {
		return l, r.hookErr(name, "limit %d with %d of hexes, friendly, entry, no_zoc, room; a limit has one", i, kinds)
	}
	var err error
	l.Reason, l.Rule, err = r.limitTexts(name, t, i, "the rules let no unit enter {hex} (place_limits, limit %d)")
	return l, err
}

// room reads a room limit's numbers, keyed by RoomKeys.
func (r *Rules) room(x lua.LValue, i int) (map[string]int, error) {
	const name = "place_limits"
	t, ok := x.(*lua.LTable)
	if !ok {
		return nil, r.hookErr(name, "limit %d's room as a %s; it must be a table {major = N, ...}", i, x.Type())
	}
	room := map[string]int{}
	for _, k := range RoomKeys {
		switch n := t.RawGetString(k).(type) {
		case *lua.LNilType:
		case lua.LNumber:
			if float64(n) != float64(int(n)) || n < 0 || n > 99 {
				return nil, r.hookErr(name, "limit %d's room.%s = %s; it must be a whole number 0 to 99", i, k, safeText(n.String()))
			}
			room[k] = int(n)
		default:
			return nil, r.hookErr(name, "limit %d's room.%s as a %s; it must be a number", i, k, n.Type())
		}
	}
	var bad []string
	t.ForEach(func(k, _ lua.LValue) {
		if s, ok := k.(lua.LString); !ok || !slices.Contains(RoomKeys, string(s)) {
			bad = append(bad, safeText(k.String()))
		}
	})
	if len(bad) > 0 {
		slices.Sort(bad) // pairs order is not the same each run
		return nil, r.hookErr(name, "limit %d's room has key %s; the keys are minor, major, fortress and rail", i, bad[0])
	}
	return room, nil
}
