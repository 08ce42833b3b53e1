package interp

import (
	"fmt"
	"maps"
	"sort"
	"strings"

	lua "github.com/yuin/gopher-lua"

	"gpw/core"
)

// Difference is one way two rules modules differ.
type Difference struct {
	Key  string // e.g. "move_cost.armor.forest", "crt.3:1.die 4", "hook.odds"
	A, B string // the value under each ("" when absent)
	Rule string // the citation the second module gives for it
}

// Flatten lists every rule the module sets as key → value, for diffs.
func (m *Module) Flatten() map[string]string { return maps.Clone(m.flat) }

// flatten makes Flatten's map from the module's data and its table t.
func (r *Module) flatten(t *lua.LTable) map[string]string {
	f := map[string]string{}
	put := func(k string, v any) { f[k] = fmt.Sprint(v) }
	put("name", r.Name)
	for ci, c := range r.Classes {
		for t := core.Terrain(0); t < core.NumTerrain; t++ {
			v := fmt.Sprint(r.Move.Cost[ci][t])
			switch r.Move.Cost[ci][t] {
			case core.CostNo:
				v = "no entry"
			case core.CostStop:
				v = "stop"
			}
			put("move_cost."+c+"."+t.String(), v)
		}
		if r.Move.StraitNo != nil && r.Move.StraitNo[ci] {
			put("strait.closed."+c, true)
		}
	}
	for k, c := range r.KindClass {
		put("kinds."+k, r.Classes[c])
	}
	put("river_extra", r.Move.RiverExtra)
	put("strait.extra", r.Move.StraitExtra)
	put("strait.per_turn", r.Move.StraitLimit)
	for i, m := range r.Calendar {
		put(fmt.Sprintf("calendar.%d", i+1), strings.TrimSpace(m.Name+" "+m.Weather))
	}
	for w, fx := range r.Weather {
		put("weather."+w, fmt.Sprintf("move_extra %d, mp_half %v, attack_half %v", fx.MoveExtra, fx.MPHalf, fx.AttackHalf))
	}
	var ids []string
	for _, p := range r.Phases {
		ids = append(ids, p.ID)
		if p.Classes != nil {
			var cl []string
			for ci, ok := range p.Classes {
				if ok {
					cl = append(cl, r.Classes[ci])
				}
			}
			put("phases."+p.ID+".classes", strings.Join(cl, ", "))
		}
	}
	put("phases", strings.Join(ids, ", "))
	put("rail.no_enemy_zoc", r.RailNoZOC)
	put("rail.zoc_stop", r.RailZOCStop)
	put("rail.limit", fmt.Sprintf("axis %d, soviet %d (0: none)", r.RailLimit[0], r.RailLimit[1]))
	put("retreat", fmt.Sprintf("%d hexes, up to %d more, avoid ZOC %v, not ending in ZOC %v, a friend opens a ZOC hex %v",
		r.Retreat.Hexes, r.Retreat.MaxExtra, r.RetreatAvoidZOC, r.Retreat.AvoidZOCEnd, r.Retreat.FriendOpensZOC))
	put("stacking", fmt.Sprintf("non-stacking units: %d with a combat unit, %d alone", r.Retreat.StackWith, r.Retreat.StackAlone))
	put("crt.columns", strings.Join(r.CRTColumns, " "))
	for d, row := range r.CRT {
		for c, res := range row {
			put(fmt.Sprintf("crt.%s.die %d", r.CRTColumns[c], d+1), res)
		}
	}
	for k := range r.NonCombat {
		put("noncombat."+k, r.NonCombat[k])
	}
	for k := range r.OwnHexZOC {
		put("zoc_own_hex."+k, r.OwnHexZOC[k])
	}
	for k := range r.NoOccupy {
		put("no_occupy."+k, r.NoOccupy[k])
	}
	put("place_city_no_zoc", r.PlaceCityNoZOC)
	for k := range r.PlaceAnywhere {
		put("place_anywhere."+k, r.PlaceAnywhere[k])
	}
	put("share_until_moved", r.ShareUntilMoved)
	// Hooks: where each function is defined.
	hooks := func(prefix string, t *lua.LTable) {
		for _, k := range keys(t) {
			if fn, ok := t.RawGetString(k).(*lua.LFunction); ok && fn.Proto != nil {
				put(prefix+k, fmt.Sprintf("%s:%d", fn.Proto.SourceName, fn.Proto.LineDefined))
			}
		}
	}
	hooks("hook.", t)
	hooks("results.", table(t, "results"))
	hooks("commands.", table(t, "commands"))
	return f
}

// Diff lists what differs between two modules, sorted by key, each with
// the rule the second module cites for it.
func Diff(a, b *Module) []Difference {
	fa, fb := a.Flatten(), b.Flatten()
	all := map[string]bool{}
	for k := range fa {
		all[k] = true
	}
	for k := range fb {
		all[k] = true
	}
	var out []Difference
	for k := range all {
		if fa[k] == fb[k] {
			continue
		}
		top := k
		if i := strings.IndexByte(k, '.'); i >= 0 {
			top = k[:i]
			if top == "hook" || top == "results" || top == "commands" {
				top = k[i+1:]
			}
		}
		// The second module's citation; where it kept the first's, the
		// change is its own: name it and the rule it changes.
		rule := b.Source(top)
		if as := a.Source(top); rule == as {
			rule = b.Name
			if rule == a.Name {
				rule = b.ID
			}
			if as != "" {
				rule += ", changing " + as
			}
		}
		out = append(out, Difference{Key: k, A: fa[k], B: fb[k], Rule: rule})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Key < out[j].Key })
	return out
}
