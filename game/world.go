package game

import (
	"fmt"

	"gpw/core"
	"gpw/interp"
)

// The game, through host, is the rules modules' world (interp.World):
// what they may read and change.
var _ interp.World = host{}

// host is the game as its rules module sees it (interp.Host and
// interp.World): the module's ways to change the game (Relocate, Place,
// Emit, Roll, ...) are host's methods, not the Game's, so that a program
// changes a game only through Do (and its replay). It reads the game
// through the Game's own methods.
type host struct{ *Game }

// Position is the game's position (interp.World), for reading: bots,
// boards and tools read it here rather than through the field S; the
// game changes only through Do.
func (g *Game) Position() *core.State { return g.S }

// UnitInfoAt describes unit k as hooks see it (interp.World).
func (g *Game) UnitInfoAt(k int) interp.UnitInfo { return g.unitInfo(k) }

// UnitsAt lists the units on hex h, the combat unit first (interp.World).
func (g *Game) UnitsAt(h int) []int { return g.S.UnitsAt(h) }

// Store is what the rules module keeps about the game (interp.World).
func (g *Game) Store() *interp.Store { return g.store }

// SetReduced flips unit k to half (true) or full strength.
func (g host) SetReduced(k int, reduced bool) error {
	if reduced && !g.S.Units[k].HasHalf() {
		return fmt.Errorf("%s has no half-strength side", g.S.Units[k].ID)
	}
	g.S.Units[k].Reduced = reduced
	return nil
}

// Relocate moves unit k on the map to hex h without movement rules.
func (g host) Relocate(k, h int) error {
	u := &g.S.Units[k]
	if u.Status != core.OnMap {
		return fmt.Errorf("%s is not on the map", u.ID)
	}
	if g.S.Map.Terrain[h].Water() {
		return fmt.Errorf("%s is a %s hex", g.S.Map.ID(h), g.S.Map.Terrain[h])
	}
	if o := g.S.Occupant(h); o >= 0 && o != k && u.Stacks {
		return fmt.Errorf("%s already holds %s", g.S.Map.ID(h), g.S.Units[o].ID)
	}
	g.S.Relocate(k, h)
	return nil
}

// Remove takes unit k off the map (or out of waiting) with status st.
func (g host) Remove(k int, st core.Status) error {
	u := &g.S.Units[k]
	was, hex := u.Status, u.Hex
	g.S.Take(k, st)
	g.awaiting[k] = false
	if was == core.OnMap && st == core.Eliminated {
		g.emit(EventEliminated, u.ID+" is eliminated", Field{"unit", u.ID}, Field{"side", u.Side.String()})
		g.eliminated(k, hex)
	}
	return nil
}

// Place puts unit k, off the map, onto hex h.
func (g host) Place(k, h int) error {
	if err := g.S.Place(k, h); err != nil {
		return err
	}
	g.awaiting[k] = false
	return nil
}

// maxEvents bounds the events of one command: a module emitting in a
// loop fails the command instead of filling memory.
const maxEvents = 10000

// Module events are also bounded by their size (eventSize): per command,
// so that the events held until it succeeds stay small, and per game, so
// that a module emitting big events in every phase cannot fill memory or
// the output.
const (
	maxCommandEventBytes = 16 << 20
	maxGameEventBytes    = 64 << 20
)

// Emit prints an event for a rules module; fields are key, value pairs.
// Its size counts even when nobody listens, so that a game and its quiet
// copies (bots' trials, a save's replay) fail alike.
func (g host) Emit(kind, text string, kv [][2]any) error {
	n := eventSize(kind, text, kv)
	switch {
	case g.cmdEventBytes+n > maxCommandEventBytes:
		return fmt.Errorf("the events of one command hold at most %d MiB of text and fields", maxCommandEventBytes>>20)
	case g.eventBytes+n > maxGameEventBytes:
		return fmt.Errorf("the events of one game hold at most %d MiB of text and fields; the module's events so far hold %d MiB", maxGameEventBytes>>20, g.eventBytes>>20)
	}
	g.cmdEventBytes += n
	g.eventBytes += n
	if g.quiet() {
		return nil
	}
	if len(g.buf) >= maxEvents {
		return fmt.Errorf("a command prints at most %d events", maxEvents)
	}
	fs := make([]Field, len(kv))
	for i, f := range kv {
		fs[i] = Field{f[0].(string), f[1]}
	}
	g.emit(EventKind(kind), text, fs...) // the Lua boundary: a module's own kinds too
	return nil
}

// Points returns side's replacement points left this phase.
func (g *Game) Points(side core.Side) int { return g.points[side] }

// SetPoints sets side's replacement points.
func (g host) SetPoints(side core.Side, n int) { g.points[side] = n }

// Weather is the weather of the phase under way (interp.World).
func (g *Game) Weather() string { return g.weather }

// PhaseID is the current phase's id.
func (g *Game) PhaseID() string { return g.Phase().ID }

// BattleUnits gives the defender and attackers of the battle under way;
// -1 outside a battle.
func (g *Game) BattleUnits() (int, []int) {
	if g.battle == nil {
		return -1, nil
	}
	return g.battle.def, g.battle.attackers
}

// RetreatZOC is the fewest enemy zones of control that a legal retreat of
// n hexes by the battle's defender enters; -1 when it has none.
func (g *Game) RetreatZOC(n int) int {
	if g.battle == nil || !g.alive(g.battle.def) {
		return -1
	}
	least := -1
	for _, r := range g.retreats(n) {
		if least < 0 || r.ZOC < least {
			least = r.ZOC
		}
	}
	return least
}

// Pools lists the scenario's named force pools ([[pool]]), in file order.
func (g *Game) Pools() []interp.PoolInfo {
	var out []interp.PoolInfo
	for _, p := range g.Sc.PoolSpecs {
		t := -1
		if p.Turn != "" {
			if n, err := g.ParseTurn(p.Turn); err == nil {
				t = n
			}
		}
		out = append(out, interp.PoolInfo{Name: p.Name, Kind: p.Kind, Side: p.Side, Turn: t, Units: append([]string(nil), p.Units...)})
	}
	return out
}

// Moved reports whether unit k has moved (or rail-moved) in this phase.
func (g *Game) Moved(k int) bool { return g.moved[k] }

// Marks lists what the rules module keeps about hex h or unit k (scope
// ScopeHex or ScopeUnit), with labels, for show HEX and units.
func (g *Game) Marks(scope interp.Scope, idx int) []Mark {
	var out []Mark
	for _, key := range g.store.Keys() {
		if key.Scope != scope || int(key.Index) != idx {
			continue
		}
		f, ok := g.Rules.Store.Field(scope, key.Name)
		if !ok {
			f = interp.Field{Name: key.Name, Label: key.Name}
		}
		out = append(out, Mark{Name: key.Name, Label: f.Label, Symbol: f.Symbol, Value: g.store.Get(key)})
	}
	return out
}

// HexMark is a value the rules module keeps about a hex that its R.store
// gives a symbol for the map (a fortification).
type HexMark struct {
	Hex int
	Mark
}

// MapMarks lists the hex marks with a symbol, by name then hex: what
// gpw map render draws.
func (g *Game) MapMarks() []HexMark {
	var out []HexMark
	for _, key := range g.store.Keys() {
		if key.Scope != interp.ScopeHex {
			continue
		}
		if f, ok := g.Rules.Store.Field(interp.ScopeHex, key.Name); ok && f.Symbol != "" {
			out = append(out, HexMark{int(key.Index), Mark{Name: key.Name, Label: f.Label, Symbol: f.Symbol, Value: g.store.Get(key)}})
		}
	}
	return out
}

// Mark is one value a rules module keeps about a hex, a unit, a side or
// the game.
type Mark struct {
	Name   string `json:"name"`
	Label  string `json:"label"`
	Symbol string `json:"symbol,omitempty"`
	Value  any    `json:"value"`
}

func (m Mark) String() string { return m.Label + " " + interp.FormatValue(m.Value) }

// Flag prints what the rules module keeps under name for unit id ("" for
// nothing).
func (g *Game) Flag(id, name string) string {
	k, ok := g.S.UnitByID(id)
	if !ok {
		return ""
	}
	return interp.FormatValue(g.store.Get(interp.StoreKey{Scope: interp.ScopeUnit, Index: int32(k), Name: name}))
}

// eventSize is about the memory a module's event takes: its text, and
// each field's key and value (16 bytes a value, plus a string's bytes).
func eventSize(kind, text string, kv [][2]any) int {
	n := len(kind) + len(text)
	for _, f := range kv {
		key, _ := f[0].(string)
		n += len(key) + valueSize(f[1])
	}
	return n
}

// valueSize is about the memory of a field's value.
func valueSize(v any) int {
	switch v := v.(type) {
	case string:
		return 16 + len(v)
	case []any:
		n := 24
		for _, x := range v {
			n += valueSize(x)
		}
		return n
	case []string:
		n := 24
		for _, x := range v {
			n += 16 + len(x)
		}
		return n
	}
	return 16
}
