package scenario

import (
	"sort"
	"strings"

	"gpw/core"
)

// PoolSpec is a [[pool]] table: an ADC2 force pool not made of setup or
// reinforcements: kind "conversion" (Soviet Guards and Shock armies
// available from turn), "available" (AvailableToBuild: into the Removed
// pool on turn), "garrison" (Axis, from turn once the Balkan Garrison is
// active), "defection" (Soviet allies entering when their country
// defects), "removed" (the eliminated pile at the start), "held" (off
// the map until the rules module places them: gpw.place).
type PoolSpec struct {
	Name  string   `toml:"name"`
	Kind  string   `toml:"kind"`
	Side  string   `toml:"side"`
	Turn  string   `toml:"turn"`
	Units []string `toml:"units"`
	Line  int      `toml:"-"`
	File  string   `toml:"-"`
}

// PoolKinds are the kinds a [[pool]] may have.
var PoolKinds = []string{"conversion", "available", "garrison", "defection", "removed", "held"}

func (x *expander) pools(list []PoolSpec) {
	for _, p := range list {
		src := x.srcOf(p.File)
		ok := false
		for _, k := range PoolKinds {
			ok = ok || k == p.Kind
		}
		if !ok {
			src.errorf(p.Line, "pool %s: kind %q is not one of %s", p.Name, p.Kind, strings.Join(PoolKinds, ", "))
			continue
		}
		if p.Name == "" {
			src.errorf(p.Line, "pool has no name")
		}
		if p.Turn != "" {
			if _, err := x.sc.Kinds.ParseTurn(p.Turn); err != nil {
				src.errorf(p.Line, "pool %s: %v", p.Name, err)
			}
		} else if p.Kind == "conversion" || p.Kind == "available" {
			src.errorf(p.Line, "pool %s: a %s pool needs a turn", p.Name, p.Kind)
		}
		for _, id := range p.Units {
			u := x.use(src, p.Line, id)
			if u == nil {
				continue
			}
			if u.Arrives != "" && x.shared[id] && p.File == x.sc.File {
				u.Arrives = "" // the scenario's own pool wins over the shared schedule
			}
			if x.setup[id] || u.Arrives != "" || u.Pool != "" {
				src.errorfAt(func() int { return src.find(p.Line-1, `"`+id+`"`) }, "unit %s is already placed (%s): each unit is placed once", id, x.where(u))
				continue
			}
			u.Pool = p.Name
			u.Held = p.Kind != "removed"
			if p.Kind == "removed" {
				u.Eliminated = true
			}
		}
	}
}

func (x *expander) where(u *UnitSpec) string {
	switch {
	case u.Setup > 0 || u.Hex != "":
		return "set up"
	case u.Arrives != "":
		return "arrives " + u.Arrives
	case u.Pool != "":
		return "in pool " + u.Pool
	}
	return "listed"
}

// Pool is a named force pool (ADC2) and the units in it at the start or
// due in it.
type Pool struct {
	Name  string
	Kind  string // setup, reinforcement, withdrawn, returns, removed, conversion, available, garrison, defection
	Side  core.Side
	Turn  string // for pools tied to a turn
	Units []string
}

// Pools lists the scenario's force pools in the ADC2 sense: the setup
// pools, a reinforcement pool per side and turn, the Withdrawn pool (units
// withdrawn before the start that return), the Removed pool (the
// eliminated pile) and the [[pool]] tables.
func (sc *Scenario) Pools() []Pool {
	var out []Pool
	idx := map[string]int{}
	add := func(name, kind string, side core.Side, turn, id string) {
		key := side.String() + "/" + name
		k, ok := idx[key]
		if !ok {
			k = len(out)
			idx[key] = k
			out = append(out, Pool{Name: name, Kind: kind, Side: side, Turn: turn})
		}
		out[k].Units = append(out[k].Units, id)
	}
	for i := range sc.Setup {
		g := &sc.Setup[i]
		for _, id := range g.Units {
			add(g.PoolName(), "setup", g.SideV, sc.Start, id)
		}
	}
	held := map[string]string{}
	for _, p := range sc.PoolSpecs {
		for _, id := range p.Units {
			held[id] = p.Kind
		}
	}
	var arrivals []UnitSpec
	for _, u := range sc.Units {
		switch {
		case u.Held:
			// listed below from the [[pool]] tables, in their order
		case u.Arrives != "":
			arrivals = append(arrivals, u)
		case u.Withdrawn:
			add("Withdrawn", "withdrawn", u.SideOf(), "", u.ID)
		case u.Eliminated:
			add("Removed", "removed", u.SideOf(), "", u.ID)
		}
	}
	sort.SliceStable(arrivals, func(i, j int) bool {
		a, _ := sc.Kinds.ParseTurn(arrivals[i].Arrives)
		b, _ := sc.Kinds.ParseTurn(arrivals[j].Arrives)
		return a < b
	})
	for _, u := range arrivals {
		t, _ := sc.Kinds.ParseTurn(u.Arrives)
		add(u.Pool, "reinforcement", u.SideOf(), sc.Kinds.TurnName(t), u.ID)
	}
	byID := make(map[string]int, len(sc.Units))
	for k, u := range sc.Units {
		byID[u.ID] = k
	}
	for _, p := range sc.PoolSpecs {
		for _, id := range p.Units {
			if k, ok := byID[id]; ok && sc.Units[k].Held {
				add(p.Name, p.Kind, sc.Units[k].SideOf(), p.Turn, id)
			}
		}
	}
	return out
}
