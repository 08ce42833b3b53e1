package interp

import (
	"fmt"
	"slices"

	lua "github.com/yuin/gopher-lua"
)

// PathCheck says which of a unit's paths the legal actions still ask the
// module's can_move_path (or can_move_paths) about, once its move limits
// have passed them.
type PathCheck uint8

const (
	CheckAll      PathCheck = iota // every path (the default)
	CheckOccupied                  // only a path that ends on a hex holding a unit
	CheckNone                      // none: the limits say all
)

var pathCheckNames = [...]string{"all", "occupied", "none"}

func (c PathCheck) String() string { return pathCheckNames[c] }

// LimitKind is the kind of one move limit.
type LimitKind uint8

const (
	LimitHexes  LimitKind = iota // a path of at most N hexes
	LimitOnly                    // every hex in one of Places
	LimitNever                   // no hex in any of Places
	LimitWithin                  // every hex within N hexes of one of Places
)

// MoveLimit is one limit a module puts on a unit's paths, with the
// refusal's reason (where "{hex}" stands for the hex that breaks it) and
// rule.
type MoveLimit struct {
	Kind   LimitKind
	N      int
	Places []string // countries or regions of the map, by name
	Reason string
	Rule   string
}

// MoveLimits is what move_limits(u, how) answered for one unit: limits
// the engine checks along each path itself, and which paths it still
// asks the module about.
type MoveLimits struct {
	Limits []MoveLimit
	Check  PathCheck
}

// maxLimits bounds the limits one unit's answer may hold.
const maxLimits = 32

// Limits calls move_limits(u, how) for unit k: nil when the module has
// no such hook or answers nil (no limits; every path asked about).
func (r *Rules) Limits(k int, how string) (lim *MoveLimits, err error) {
	const name = "move_limits"
	ret, err := r.call(name, 1, Unit(k), Str(how))
	if err != nil || ret == nil {
		return nil, err
	}
	return r.readLimits(ret[0])
}

// readLimits reads move_limits' answer v.
func (r *Rules) readLimits(v lua.LValue) (lim *MoveLimits, err error) {
	const name = "move_limits"
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
	lim = &MoveLimits{Check: check}
	for i := 1; ls != nil && i <= ls.Len(); i++ {
		l, err := r.moveLimit(ls.RawGetInt(i), i)
		if err != nil {
			return nil, err
		}
		lim.Limits = append(lim.Limits, l)
	}
	return lim, nil
}

// limitsAnswer reads what a limits hook (move_limits, place_limits)
// answered in t: its check, and its array of limits (nil when it has
// none), of at most maxLimits.
func (r *Rules) limitsAnswer(name string, t *lua.LTable) (PathCheck, *lua.LTable, error) {
	var check PathCheck
	switch c := t.RawGetString("check").(type) {
	case *lua.LNilType:
	case lua.LString:
		i := slices.Index(pathCheckNames[:], string(c))
		if i < 0 {
			return check, nil, r.hookErr(name, "check = %q; it is all, occupied or none", safeText(string(c)))
		}
		check = PathCheck(i)
	default:
		return check, nil, r.hookErr(name, "check as a %s; it is all, occupied or none", c.Type())
	}
	ls, ok := t.RawGetString("limits").(*lua.LTable)
	if !ok {
		if v := t.RawGetString("limits"); v != lua.LNil {
			return check, nil, r.hookErr(name, "limits as a %s; it must be an array of limits", v.Type())
		}
		return check, nil, nil
	}
	if n := ls.Len(); n > maxLimits {
		return check, nil, r.hookErr(name, "%d limits (at most %d)", n, maxLimits)
	}
	return check, ls, nil
}

// limitTexts reads limit i's reason and rule from t, the reason
// defaulting to the text def formats with i.
func (r *Rules) limitTexts(name string, t *lua.LTable, i int, def string) (reason, rule string, err error) {
	reason, rule, err = r.texts(name, t.RawGetString("reason"), t.RawGetString("rule"))
	if err == nil && reason == "" {
		reason = fmt.Sprintf(def, i)
	}
	return reason, rule, err
}

// moveLimit reads limit i: {hexes = N}, {only = {places}},
// {never = {places}} or {within = N, of = {places}}, each with reason
// and rule.
func (r *Rules) moveLimit(v lua.LValue, i int) (MoveLimit, error) {
	const name = "move_limits"
	t, ok := v.(*lua.LTable)
	if !ok {
		return MoveLimit{}, r.hookErr(name, "limit %d as a %s; a limit is a table", i, v.Type())
	}
	var l MoveLimit
	num := func(key string) (int, bool, error) {
		x := t.RawGetString(key)
		if x == lua.LNil {
			return 0, false, nil
		}
		f, ok := x.(lua.LNumber)
		if !ok || float64(f) != float64(int(f)) || f < 0 || f > 99 {
			return 0, false, r.hookErr(name, "limit %d's %s = %s; it must be a whole number 0 to 99", i, key, safeText(x.String()))
		}
		return int(f), true, nil
	}
	places := func(key string) ([]string, bool, error) {
		x := t.RawGetString(key)
		if x == lua.LNil {
			return nil, false, nil
		}
		a, ok := x.(*lua.LTable)
		if !ok {
			return nil, false, r.hookErr(name, "limit %d's %s as a %s; it must be an array of place names", i, key, x.Type())
		}
		var out []string
		for j := 1; j <= a.Len(); j++ {
			s, ok := a.RawGetInt(j).(lua.LString)
			if !ok {
				return nil, false, r.hookErr(name, "limit %d's %s[%d] as a %s; a place is a name", i, key, j, a.RawGetInt(j).Type())
			}
			out = append(out, string(s))
		}
		return out, true, nil
	}
	kinds := 0
	if n, ok, err := num("hexes"); err != nil {
		return l, err
	} else if ok {
		l.Kind, l.N = LimitHexes, n
		kinds++
	}
	for _, k := range []struct {
		key  string
		kind LimitKind
	}{{"only", LimitOnly}, {"never", LimitNever}} {
		if ps, ok, err := places(k.key); err != nil {
			return l, err
		} else if ok {
			l.Kind, l.Places = k.kind, ps
			kinds++
		}
	}
	if n, ok, err := num("within"); err != nil {
		return l, err
	} else if ok {
		ps, _, err := places("of")
		if err != nil {
			return l, err
		}
		if len(ps) == 0 {
			return l, r.hookErr(name, "limit %d: within = %d of no place (of = {places})", i, n)
		}
		l.Kind, l.N, l.Places = LimitWithin, n, ps
		if n > 10 {
			return l, r.hookErr(name, "limit %d: within = %d (at most 10)", i, n)
		}
		kinds++
	}
	if kinds != 1 {
		return l, r.hookErr(name, "limit %d with %d of hexes, only, never, within; a limit has one", i, kinds)
	}
	var err error
	l.Reason, l.Rule, err = r.limitTexts(name, t, i, "the rules limit this move (move_limits, limit %d)")
	return l, err
}
