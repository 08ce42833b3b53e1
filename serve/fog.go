package serve

// fog.go: what a side's link receives in a game whose rules hide
// information (R.fog, game/fog.go): its view, never the whole truth.

import (
	"encoding/json"
	"net/http"
	"path"

	"gpw/core"
	"gpw/game"
)

// MarshalJSON writes a unit as the board reads it: a hidden one as
// game.UnitRow writes it (side, hex, status, "hidden": true), others with
// their size.
func (u Unit) MarshalJSON() ([]byte, error) {
	r := u.UnitRow
	if !r.Hidden && u.Size != "" {
		r.Size = u.Size
	}
	return json.Marshal(r)
}

// sight is what a link's role sees now: nil for the whole truth (no fog,
// a spectator, a hot-seat link, a finished game).
func (l *live) sight(role string) *game.Sight {
	if l.e.over() {
		return nil
	}
	side, err := core.ParseSide(role)
	if err != nil {
		return nil
	}
	return l.e.g.SightOf(side)
}

// fogSide is the side whose view role receives, core.NoSide for the whole
// truth.
func (l *live) fogSide(role string) core.Side {
	if v := l.sight(role); v != nil {
		return v.Side()
	}
	return core.NoSide
}

// maskUnits lists the units as v's side sees them.
func maskUnits(v *game.Sight, g *game.Game, us []Unit) []Unit {
	if v == nil {
		return us
	}
	out := make([]Unit, 0, len(us))
	for _, u := range us {
		k, ok := g.Position().UnitByID(u.ID)
		switch {
		case !ok || v.Sees(k):
			out = append(out, u)
		case v.Listed(k):
			out = append(out, Unit{UnitRow: v.HiddenRow(k)})
		}
	}
	return out
}

// maskMarks drops what the rules keep about units v's side does not see.
func maskMarks(v *game.Sight, g *game.Game, units map[string][]game.Mark) map[string][]game.Mark {
	if v == nil {
		return units
	}
	out := map[string][]game.Mark{}
	for id, ms := range units {
		if k, ok := g.Position().UnitByID(id); !ok || v.Sees(k) {
			out[id] = ms
		}
	}
	return out
}

// maskEvents is the events as side sees them.
func maskEvents(side core.Side, evs []game.Event) []game.Event {
	if side == core.NoSide {
		return evs
	}
	out := make([]game.Event, len(evs))
	for i, e := range evs {
		out[i] = e.For(side)
	}
	return out
}

// wholeTruth names the requests whose answer is the whole game, whatever
// handler serves them: the record (commands, every unit) and past
// positions.
var wholeTruth = map[string]string{"record": "the record", "at": "a past position"}

// fogGuard refuses a side's link, while the game goes on, a request
// whose answer would show the whole truth (wholeTruth).
func (l *live) fogGuard(r *http.Request, role string) error {
	what, ok := wholeTruth[path.Base(r.URL.Path)]
	if !ok || (role != "axis" && role != "soviet") {
		return nil
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.fogRefusal(role, what)
}

// fogRefusal refuses a side's link what would show the whole truth
// while the game goes on (the record, past positions). The caller holds
// l.mu.
func (l *live) fogRefusal(role, what string) error {
	if v := l.sight(role); v != nil {
		return &Refusal{Msg: what + " shows what the " + v.Side().String() + " side may not see: it is given once the game is over (" + v.Rule() + ")", Rule: v.Rule()}
	}
	return nil
}

// maskActions names the hex, not the unit, of an attack on a unit v's
// side does not see.
func maskActions(v *game.Sight, g *game.Game, a *Actions) *Actions {
	if v == nil || a == nil {
		return a
	}
	c := *a
	c.Attack = append([]Target(nil), a.Attack...)
	for i, t := range c.Attack {
		if k, ok := g.Position().UnitByID(t.Defender); ok && !v.Sees(k) {
			c.Attack[i].Defender = v.Alias(k)
		}
	}
	return &c
}

// maskOverlay leaves out of a supply overlay the units v's side does not
// see: their hexes show, not their ids.
func maskOverlay(v *game.Sight, g *game.Game, o *Overlay) *Overlay {
	if v == nil || o == nil || len(o.Units) == 0 {
		return o
	}
	c := *o
	c.Units = nil
	for _, id := range o.Units {
		if k, ok := g.Position().UnitByID(id); !ok || v.Sees(k) {
			c.Units = append(c.Units, id)
		}
	}
	return &c
}

// checkUnit refuses a question about a unit v's side does not see (its
// reach would show its allowance).
func checkUnit(v *game.Sight, g *game.Game, ref string) error {
	if v == nil {
		return nil
	}
	k, ok := g.Position().UnitByID(ref)
	if !ok {
		if h, err := g.Position().Map.Resolve(ref); err == nil {
			k, ok = g.Position().Occupant(h), g.Position().Occupant(h) >= 0
		}
	}
	if ok && !v.Sees(k) {
		return &Refusal{Msg: "that unit is out of sight (" + v.Rule() + ")", Rule: v.Rule()}
	}
	return nil
}
