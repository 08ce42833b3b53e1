package game

// fog.go: hidden information. A rules module that declares R.fog gives
// each side a view of the game: the enemy's units it does not see are
// listed by side and hex only, events about them are masked, and the
// enemy's off-map reserves are left out. Saves and records keep the whole
// truth; the views are made from it when asked (docs/modding.md, "Hidden
// information").

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"

	"gpw/core"
	"gpw/interp"
)

// Fog is what each side sees of the other, as a module declares it in
// R.fog. Each array is by viewing side.
type Fog struct {
	// Range: an enemy unit within this many hexes of one of the side's
	// units on the map is seen in full; at least 1: a unit in contact is
	// always seen, so every attack the side may make is on units it sees.
	Range [2]int
	// ZOC: an enemy unit in the side's zone of control is seen in full.
	ZOC [2]bool
	// Reserves hides the enemy's units off the map that are not
	// eliminated (to arrive, held in a pool, withdrawn).
	Reserves [2]bool
	// Guess is the strength the computer players assume for an enemy
	// unit they do not see (0: the mean of the enemy's order of battle).
	Guess [2]int
	Rule  string // the citation of every masked event and refusal
}

// fogKeys are R.fog's keys, and a side's subtable's.
var fogKeys = []string{"range", "zoc", "reserves", "guess", "rule", "axis", "soviet"}

var fogCache sync.Map // *interp.Module → *Fog (nil: off) or error

// fogOf reads R.fog from a compiled module, once per module.
func fogOf(m *interp.Module) (*Fog, error) {
	if v, ok := fogCache.Load(m); ok {
		if err, bad := v.(error); bad {
			return nil, err
		}
		return v.(*Fog), nil
	}
	f, err := parseFog(m.Field("fog"), m.Cite["fog"])
	if err != nil {
		err = fmt.Errorf("%s: %v", m.Module, err)
		fogCache.Store(m, err)
		return nil, err
	}
	fogCache.Store(m, f)
	return f, nil
}

// parseFog reads R.fog's value as Module.Field gives it.
func parseFog(v any, cite string) (*Fog, error) {
	if v == nil {
		return nil, nil
	}
	t, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("R.fog: a table of range, zoc, reserves, guess, rule and per-side tables (axis, soviet), not %T", v)
	}
	f := &Fog{Range: [2]int{1, 1}, Rule: "House: Fog of war"}
	if cite != "" {
		f.Rule = cite
	}
	var read func(t map[string]any, where string, sides []core.Side) error
	read = func(t map[string]any, where string, sides []core.Side) error {
		for _, k := range sortedKeys(t) {
			x := t[k]
			switch k {
			case "range", "guess":
				n, ok := x.(float64)
				lo := map[string]float64{"range": 1, "guess": 0}[k]
				if !ok || n != float64(int(n)) || n < lo || n > 99 {
					return fmt.Errorf("%s.%s: a whole number from %v to 99, not %v", where, k, lo, x)
				}
				for _, s := range sides {
					if k == "range" {
						f.Range[s] = int(n)
					} else {
						f.Guess[s] = max(0, int(n))
					}
				}
			case "zoc", "reserves":
				b, ok := x.(bool)
				if !ok {
					return fmt.Errorf("%s.%s: true or false, not %v", where, k, x)
				}
				for _, s := range sides {
					if k == "zoc" {
						f.ZOC[s] = b
					} else {
						f.Reserves[s] = b
					}
				}
			case "rule":
				s, ok := x.(string)
				if !ok || where != "R.fog" {
					return fmt.Errorf("%s.rule: a citation, in R.fog itself", where)
				}
				f.Rule = s
			case "axis", "soviet":
				sub, ok := x.(map[string]any)
				if !ok || where != "R.fog" {
					return fmt.Errorf("%s.%s: a table of what the %s side sees, in R.fog itself", where, k, k)
				}
				side, _ := core.ParseSide(k)
				if err := read(sub, where+"."+k, []core.Side{side}); err != nil {
					return err
				}
			default:
				msg := fmt.Sprintf("%s.%s is not a key of R.fog (%s)", where, k, strings.Join(fogKeys, ", "))
				if near := core.NearNames(k, fogKeys); len(near) > 0 {
					msg += ": did you mean " + near[0] + "?"
				}
				return fmt.Errorf("%s", msg)
			}
		}
		return nil
	}
	// the sides' own tables win over the common keys: read those first
	common := map[string]any{}
	for k, x := range t {
		if k != "axis" && k != "soviet" {
			common[k] = x
		}
	}
	if err := read(common, "R.fog", []core.Side{core.Axis, core.Soviet}); err != nil {
		return nil, err
	}
	for _, k := range []string{"axis", "soviet"} {
		if x, ok := t[k]; ok {
			if err := read(map[string]any{k: x}, "R.fog", nil); err != nil {
				return nil, err
			}
		}
	}
	return f, nil
}

func sortedKeys(t map[string]any) []string {
	ks := make([]string, 0, len(t))
	for k := range t {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// FogOf reads a compiled module's R.fog (gpw check): nil when it has
// none, an error naming the key when it is malformed.
func FogOf(m *interp.Module) (*Fog, error) { return fogOf(m) }

// Fog is the game's hidden information, nil when every side sees all.
func (g *Game) Fog() *Fog {
	f, _ := fogOf(g.Rules.Module)
	return f
}

// Sight is what one side sees of the game at one moment: build it with
// SightOf and ask it about units while the position stands.
type Sight struct {
	g    *Game
	side core.Side
	fog  *Fog
	hex  core.Bitset // hexes where enemy units are seen
	seen map[int]bool
}

// SightOf is what side sees now; nil when the game has no fog or side is
// no side (the whole truth: a referee, a replay, a save).
func (g *Game) SightOf(side core.Side) *Sight {
	f := g.Fog()
	if f == nil || (side != core.Axis && side != core.Soviet) {
		return nil
	}
	s := g.S
	m := s.Map
	v := &Sight{g: g, side: side, fog: f, hex: core.NewBitset(m.Len())}
	// the hexes within range of the side's units: a search outward from
	// all of them at once, one ring a step
	var front []int
	for k := range s.Units {
		u := &s.Units[k]
		if u.Side == side && u.Status == core.OnMap && !v.hex.Has(u.Hex) {
			v.hex.Set(u.Hex)
			front = append(front, u.Hex)
		}
	}
	for d := 0; d < f.Range[side] && len(front) > 0; d++ {
		var next []int
		for _, h := range front {
			for _, n := range m.Nbr[h] {
				if n >= 0 && !v.hex.Has(int(n)) {
					v.hex.Set(int(n))
					next = append(next, int(n))
				}
			}
		}
		front = next
	}
	if f.ZOC[side] {
		for h := range m.Len() {
			if s.ZOC(side, h) {
				v.hex.Set(h)
			}
		}
	}
	return v
}

// Reveal lets the side see unit k in full for what follows (a battle
// shows its units to both sides).
func (v *Sight) Reveal(k int) {
	if v == nil {
		return
	}
	if v.seen == nil {
		v.seen = map[int]bool{}
	}
	v.seen[k] = true
}

// Sees reports whether the side sees unit k in full: its own units, the
// enemy's in sight, the eliminated, and (unless reserves are hidden) the
// enemy's off the map.
func (v *Sight) Sees(k int) bool {
	if v == nil {
		return true
	}
	u := &v.g.S.Units[k]
	if u.Side == v.side || v.seen[k] {
		return true
	}
	switch u.Status {
	case core.OnMap:
		return v.hex.Has(u.Hex)
	case core.Eliminated, core.Removed:
		return true
	}
	return !v.fog.Reserves[v.side]
}

// Listed reports whether the side knows of unit k at all: every unit on
// the map is listed (hidden or not); an enemy reserve is not when
// reserves are hidden.
func (v *Sight) Listed(k int) bool {
	if v == nil {
		return true
	}
	return v.g.S.Units[k].Status == core.OnMap || v.Sees(k)
}

// Alias is the name a hidden unit goes by in a view: "?" and its hex,
// with ".2", ".3" for a second and third unit there. It names no unit
// and does not follow one from hex to hex.
func (v *Sight) Alias(k int) string {
	u := &v.g.S.Units[k]
	if u.Status != core.OnMap {
		return "?"
	}
	id := "?" + v.g.S.Map.ID(u.Hex)
	n := 0
	for _, o := range v.g.S.UnitsAt(u.Hex) {
		if o == k {
			break
		}
		if v.g.S.Units[o].Side == u.Side && !v.Sees(o) {
			n++
		}
	}
	if n > 0 {
		id += fmt.Sprintf(".%d", n+1)
	}
	return id
}

// Side is the side whose view this is.
func (v *Sight) Side() core.Side { return v.side }

// Rule is the citation of the fog rule.
func (v *Sight) Rule() string { return v.fog.Rule }

// HiddenRow is a unit the side does not see, as queries list it: its
// side and hex, nothing of its kind or strength.
func (v *Sight) HiddenRow(k int) UnitRow {
	u := &v.g.S.Units[k]
	r := UnitRow{ID: v.Alias(k), Side: u.Side.String(), Status: u.Status.String(), Hidden: true}
	if u.Status == core.OnMap {
		r.Hex = v.g.S.Map.ID(u.Hex)
	}
	return r
}

// Rows masks rows of units (UnitList, HexInfo) for the side: hidden
// enemy units by HiddenRow, enemy reserves it does not know of left out.
func (v *Sight) Rows(rows []UnitRow) []UnitRow {
	if v == nil {
		return rows
	}
	out := rows[:0:0]
	for _, r := range rows {
		k, ok := v.g.S.UnitByID(r.ID)
		switch {
		case !ok || v.Sees(k):
			out = append(out, r)
		case v.Listed(k):
			out = append(out, v.HiddenRow(k))
		}
	}
	return out
}

// HexInfo masks a hex's description for the side.
func (v *Sight) HexInfo(hi *HexInfo) *HexInfo {
	if v == nil || hi == nil {
		return hi
	}
	c := *hi
	if c.Unit != nil {
		rows := v.Rows([]UnitRow{*c.Unit})
		c.Unit = &rows[0]
	}
	c.Others = v.Rows(slices.Clone(c.Others))
	return &c
}

// Actions masks the legal actions for the side: an attack on a unit it
// does not see names the hex, not the unit.
func (v *Sight) Actions(a *Actions) *Actions {
	if v == nil || a == nil {
		return a
	}
	c := *a
	c.Attacks = slices.Clone(a.Attacks)
	for i, t := range c.Attacks {
		if t.Defender >= 0 && t.Defender < len(v.g.S.Units) && !v.Sees(t.Defender) {
			c.Attacks[i].Unit = v.Alias(t.Defender)
		}
	}
	return &c
}

// CheckPreview refuses the odds of an attack on a unit the side does not
// see: its strength would show.
func (v *Sight) CheckPreview(defenderHex string) error {
	if v == nil {
		return nil
	}
	h, err := v.g.hex(defenderHex)
	if err != nil {
		return nil // the preview itself names the bad hex
	}
	if k := v.g.S.Occupant(h); k >= 0 && !v.Sees(k) {
		return v.g.refuse("fog", "the unit in %s is out of sight: no odds can be given (%s)", v.g.S.Map.ID(h), v.fog.Rule)
	}
	return nil
}

// eventUnits lists the units an event names in its unit, units, defender
// and attackers fields.
func (g *Game) eventUnits(e *Event) []int {
	var ks []int
	add := func(id string) {
		if k, ok := g.S.UnitByID(id); ok {
			ks = append(ks, k)
		}
	}
	for _, f := range e.Fields {
		switch f.K {
		case "unit", "units", "defender", "attackers":
		default:
			continue
		}
		switch x := f.V.(type) {
		case string:
			add(x)
		case []string:
			for _, id := range x {
				add(id)
			}
		case []any:
			for _, id := range x {
				if s, ok := id.(string); ok {
					add(s)
				}
			}
		}
	}
	return ks
}

// maskEvents gives each event of a command its view for each side, as
// the position stands when the command has ended: an event naming an
// enemy unit the side does not see is masked (Masked). A battle's units
// are seen by both sides in the events of its command.
func (g *Game) maskEvents(evs []Event) {
	if len(evs) == 0 || g.Fog() == nil {
		return
	}
	sights := [2]*Sight{g.SightOf(core.Axis), g.SightOf(core.Soviet)}
	for i := range evs {
		if evs[i].Kind == EventCombat {
			for _, k := range g.eventUnits(&evs[i]) {
				sights[0].Reveal(k)
				sights[1].Reveal(k)
			}
		}
	}
	for i := range evs {
		e := &evs[i]
		ks := g.eventUnits(e)
		var views [2]*Event
		for side, v := range sights {
			for _, k := range ks {
				if !v.Sees(k) {
					m := v.maskEvent(e, k)
					views[side] = &m
					break
				}
			}
		}
		if views[0] != nil || views[1] != nil {
			e.views = &views
		}
	}
}

// maskEvent is event e as the side sees it, unit k hidden: its kind, the
// hidden unit's side, and the turn, phase and rule if it has them.
func (v *Sight) maskEvent(e *Event, k int) Event {
	side := v.g.S.Units[k].Side.String()
	fs := []Field{{"side", side}}
	for _, f := range e.Fields {
		switch f.K {
		case "turn", "phase", "rule":
			fs = append(fs, f)
		}
	}
	fs = append(fs, Field{"hidden", true})
	return Event{Kind: e.Kind, Fields: fs, Text: fmt.Sprintf("%s: a unit of the %s side, out of sight (%s)", e.Kind, side, v.fog.Rule)}
}

// For is the event as side sees it: itself, or masked where it names a
// unit the side did not see when it happened. core.NoSide sees the whole
// truth.
func (e Event) For(side core.Side) Event {
	if e.views == nil || (side != core.Axis && side != core.Soviet) || e.views[side] == nil {
		return e
	}
	return *e.views[side]
}

// Hidden reports whether the side sees the event masked.
func (e Event) Hidden(side core.Side) bool {
	return e.views != nil && (side == core.Axis || side == core.Soviet) && e.views[side] != nil
}

// MarshalJSON writes a unit row; a hidden one (Hidden) as
// {"id": alias, "side", "hex", "status", "hidden": true}, its kind,
// strength and the rest left out.
func (r UnitRow) MarshalJSON() ([]byte, error) {
	if r.Hidden {
		return json.Marshal(struct {
			ID     string `json:"id"`
			Side   string `json:"side"`
			Hex    string `json:"hex,omitempty"`
			Status string `json:"status"`
			Hidden bool   `json:"hidden"`
		}{r.ID, r.Side, r.Hex, r.Status, true})
	}
	type plain UnitRow
	return json.Marshal(plain(r))
}

// CheckUnit refuses a question about a unit the side does not see (a
// unit id or the hex it stands in): its reach would show its allowance.
func (v *Sight) CheckUnit(ref string) error {
	if v == nil {
		return nil
	}
	k, err := v.g.unit(ref)
	if err != nil || v.Sees(k) {
		return nil // the question itself answers a bad reference
	}
	return v.g.refuse("fog", "that unit is out of sight (%s)", v.fog.Rule)
}

// SupplyRows names the units the side does not see by their aliases.
func (v *Sight) SupplyRows(rows []SupplyRow) []SupplyRow {
	if v == nil {
		return rows
	}
	out := slices.Clone(rows)
	for i, r := range out {
		if k, ok := v.g.S.UnitByID(r.Unit); ok && !v.Sees(k) {
			out[i].Unit = v.Alias(k)
		}
	}
	return out
}

// Status masks the phase status for the side: the enemy's reinforcements
// waiting to be placed are not named while its reserves are hidden.
func (v *Sight) Status(st PhaseStatus) PhaseStatus {
	if v == nil || !v.fog.Reserves[v.side] || st.Side == v.side.String() {
		return st
	}
	st.Awaiting = []string{}
	return st
}
