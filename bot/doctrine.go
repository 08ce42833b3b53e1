package bot

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"

	"gpw/core"
	"gpw/game"
)

// Doctrine is how a side weighs what it might do: the bot's values,
// which a scenario ([bot] table) or a rules module (R.bot) may change.
// Values are in strength points (the attack factor a step is worth).
// docs/bots.md lists every key.
type Doctrine struct {
	// Aggression in 0..1: an attack costs (1 - Aggression) times the
	// strength the attacker expects to lose.
	Aggression float64
	// Caution in 0..1 weighs exposure: the strength a unit expects to
	// lose where it ends its move, and for an advance after combat.
	Caution float64
	// Objectives: what holding each kind of hex is worth.
	Capital, VictoryCity, MajorCity, MinorCity, RailJunction float64
	// Encircle is worth, per strength point of enemy units, cutting
	// them off from supply.
	Encircle float64
	// AttackRatio: a sector whose friendly strength is at least this
	// times the enemy's attacks; below WithdrawRatio it withdraws.
	AttackRatio, WithdrawRatio float64
	// Reserve is the share of the side's units kept behind the front.
	Reserve float64
	// Front weighs, per strength point, the shortfall of a sector's
	// share of the line a move closes or opens (front-allocation; 0
	// turns it off). FrontValue is the value behind a sector (in
	// strength points) that doubles its claim on the line.
	Front, FrontValue float64
	// Garrison is the share of the enemy strength that can strike a
	// capital, victory city or fortress of the side next turn that its
	// garrison should match (its ring twice as much).
	Garrison float64
	// Depth is how many hexes behind a withdrawing sector's front the
	// new line is drawn.
	Depth int
	// Axes is what each hex a unit gains toward the objective of its
	// axis of advance is worth in an attacking sector (axes.go).
	Axes float64
	// MopUp weighs the attack massed against enemy units cut off from
	// supply, by units other than the spearheads (axes.go).
	MopUp float64
	// DefendRatio: a side whose strength on the map is below this times
	// the enemy's (or below half as much again while falling) takes the
	// defensive stance (posture.go); 0 never does.
	DefendRatio float64
	// HoldObjectives: a withdrawing sector in which the side holds an
	// objective within this many hexes of the enemy holds instead
	// (posture.go); 0 turns it off.
	HoldObjectives float64
	// HoldFortresses: the same for the side's fortresses and capitals
	// (objectives or not), within this many hexes of the enemy
	// (posture.go); 0 turns it off.
	HoldFortresses float64
	// SiegeOdds: the side attacks a fortress or capital only with at
	// least this ratio of attack strength to the defence before any
	// column shift (siege.go); 0 turns it off.
	SiegeOdds float64
	// Objectives adds to the worth of named cities (a campaign's own
	// goals beyond its victory conditions' weights), by city name.
	Objectives map[string]float64
	// Results says what each CRT result does, for scoring attacks.
	Results map[string]Result
	// Terrain multiplies a defender's strength for the bot's estimates of
	// danger: forest, rough, swamp, mountain, major, fortress, river.
	Terrain map[string]float64
}

// Result is what a CRT result does, as the bot scores it.
type Result struct {
	DefSteps  int  // steps the defender loses
	DefElim   bool // the defender is eliminated
	Retreat   int  // hexes the defender retreats (0: none)
	AttSteps  int  // steps the attacker loses (one unit)
	AttElim   bool // every attacker is eliminated
	Exchange  bool // the attacker loses as much strength as the defender
	Stand     bool // the defender may stand in strong terrain, losing a step
	Advance   bool // an attacker may advance into a vacated hex
	Disperses bool // the defender is disorganised (worth a step's half)
}

// DefaultDoctrine is the doctrine of side before any scenario or module
// changes it.
func DefaultDoctrine(side core.Side) Doctrine {
	d := Doctrine{
		Aggression: 0.4, Caution: 0.5,
		Capital: 40, VictoryCity: 14, MajorCity: 6, MinorCity: 2, RailJunction: 1,
		Encircle:    0.6,
		AttackRatio: 1.5, WithdrawRatio: 0.6, Reserve: 0.1, Depth: 2,
		Axes: 0.4, MopUp: 0.5, Front: 0.3, FrontValue: 20, Garrison: 1.0 / 3,
		DefendRatio: 1,
		Results:     defaultResults(),
		Terrain:     map[string]float64{"forest": 1.5, "rough": 1.5, "swamp": 2, "mountain": 2, "major": 1.5, "fortress": 2, "river": 1.5},
	}
	switch side {
	case core.Axis:
		// the attacker's aim is the enemy's army more than his cities
		d.Capital, d.VictoryCity, d.Encircle = 20, 8, 1
	case core.Soviet:
		// the defender holds his cities at any cost, and advances
		// methodically
		d.Aggression, d.Caution = 0.25, 0.7
		d.Axes = 0.15
		d.DefendRatio = 0 // its doctrine is the defender's already
		d.Capital, d.VictoryCity = 60, 20
	}
	return d
}

// defaultResults are GDW's meanings of the shipped CRTs' codes (GDW and
// the house Frost card); a module whose codes mean something else (ADC2's
// DE and EX) or that has other codes describes them in R.bot.results,
// which the bot reads whatever the module's name.
func defaultResults() map[string]Result {
	return map[string]Result{
		"NE":   {},
		"-":    {},
		"DR":   {Retreat: 2, Stand: true, Advance: true},
		"DRL":  {DefSteps: 1, Retreat: 2, Advance: true},
		"DE":   {DefElim: true, Advance: true},
		"AL":   {AttSteps: 1},
		"EX":   {DefSteps: 1, Exchange: true, Retreat: 2, Advance: true},
		"AE":   {AttElim: true},
		"D/AE": {AttElim: true, Disperses: true},
		"D":    {Disperses: true},
		"dw":   {Retreat: 1, Advance: true},
		"DW":   {Retreat: 1, Disperses: true, Advance: true},
		"BR":   {DefElim: true, Advance: true},
		"X":    {DefElim: true, Exchange: true, Advance: true},
	}
}

// doctrineFor is side's doctrine in game g: the defaults, then the rules
// module's R.bot, then the scenario's [bot] table, each with its side's
// subtable last.
func doctrineFor(g *game.Game, side core.Side) (Doctrine, error) {
	d := DefaultDoctrine(side)
	if t, ok := g.Rules.Field("bot").(map[string]any); ok {
		if err := d.apply(t, side); err != nil {
			return d, fmt.Errorf("%s: R.bot: %w", g.Rules.Module.Module, err)
		}
		if err := checkObjectives(g.S.Map, d.Objectives); err != nil {
			return d, fmt.Errorf("%s: R.bot: %w", g.Rules.Module.Module, err)
		}
	}
	if g.Sc.Bot != nil {
		if err := d.apply(g.Sc.Bot, side); err != nil {
			return d, fmt.Errorf("%s: [bot]: %w", g.Sc.File, err)
		}
		if err := checkObjectives(g.S.Map, d.Objectives); err != nil {
			return d, fmt.Errorf("%s: [bot]: %w", g.Sc.File, err)
		}
	}
	return d, nil
}

// apply sets the keys of m, then those of m's table for side.
func (d *Doctrine) apply(m map[string]any, side core.Side) error {
	if err := d.set(m, true); err != nil {
		return err
	}
	if sub, ok := m[side.String()].(map[string]any); ok {
		if err := d.set(sub, false); err != nil {
			return fmt.Errorf("%s: %w", side, err)
		}
	}
	return nil
}

// set reads the keys of one table (in sorted order, for clear errors).
func (d *Doctrine) set(m map[string]any, top bool) error {
	nums := map[string]*float64{
		"aggression": &d.Aggression, "caution": &d.Caution, "capital": &d.Capital, "victory_city": &d.VictoryCity,
		"major_city": &d.MajorCity, "minor_city": &d.MinorCity, "rail_junction": &d.RailJunction, "encircle": &d.Encircle,
		"attack_ratio": &d.AttackRatio, "withdraw_ratio": &d.WithdrawRatio, "reserve": &d.Reserve,
		"axes": &d.Axes, "mop_up": &d.MopUp, "front": &d.Front, "front_value": &d.FrontValue, "garrison": &d.Garrison,
		"defend_ratio": &d.DefendRatio, "hold_objectives": &d.HoldObjectives,
		"hold_fortresses": &d.HoldFortresses, "siege_odds": &d.SiegeOdds,
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v := m[k]
		if p, ok := nums[k]; ok {
			f, ok := number(v)
			if !ok {
				return fmt.Errorf("%s: a number, not %v", k, v)
			}
			*p = f
			continue
		}
		switch k {
		case "depth":
			f, ok := number(v)
			if !ok {
				return fmt.Errorf("depth: a number, not %v", v)
			}
			d.Depth = int(f)
		case "objectives":
			m, err := numberTable(k, v, d.Objectives, "a table of worth by city name")
			if err != nil {
				return err
			}
			d.Objectives = m
		case "terrain":
			m, err := numberTable(k, v, d.Terrain, "a table of multipliers")
			if err != nil {
				return err
			}
			d.Terrain = m
		case "results":
			t, ok := v.(map[string]any)
			if !ok {
				return fmt.Errorf("results: a table of results by code")
			}
			d.Results = clone(d.Results)
			for code, x := range t {
				r, err := parseResult(x)
				if err != nil {
					return fmt.Errorf("results.%s: %w", code, err)
				}
				d.Results[code] = r
			}
		case "axis", "soviet":
			if !top {
				return fmt.Errorf("%s: a side's table may not hold another side's", k)
			}
		default:
			return fmt.Errorf("unknown key %q (keys: %s)", k, strings.Join(doctrineKeys, ", "))
		}
	}
	return d.check()
}

var doctrineKeys = []string{"aggression", "caution", "capital", "victory_city", "major_city", "minor_city", "rail_junction",
	"encircle", "attack_ratio", "withdraw_ratio", "reserve", "axes", "mop_up", "front", "front_value", "garrison", "depth",
	"defend_ratio", "hold_objectives", "hold_fortresses", "siege_odds", "objectives", "terrain", "results", "axis", "soviet"}

func (d *Doctrine) check() error {
	for _, c := range []struct {
		name string
		v    float64
	}{{"aggression", d.Aggression}, {"caution", d.Caution}, {"reserve", d.Reserve}, {"garrison", d.Garrison}} {
		if c.v < 0 || c.v > 1 {
			return fmt.Errorf("%s: %g is not in 0..1", c.name, c.v)
		}
	}
	if d.Front < 0 || d.FrontValue < 0 {
		return fmt.Errorf("front, front_value: not negative (%g, %g)", d.Front, d.FrontValue)
	}
	if d.SiegeOdds < 0 {
		return fmt.Errorf("siege_odds: not negative (%g)", d.SiegeOdds)
	}
	if d.Depth < 0 || d.Depth > 10 {
		return fmt.Errorf("depth: %d is not in 0..10", d.Depth)
	}
	return nil
}

func parseResult(v any) (Result, error) {
	t, ok := v.(map[string]any)
	if !ok {
		return Result{}, fmt.Errorf("a table such as {def_steps = 1, retreat = 2}")
	}
	var r Result
	ints := map[string]*int{"def_steps": &r.DefSteps, "retreat": &r.Retreat, "att_steps": &r.AttSteps}
	bools := map[string]*bool{"def_elim": &r.DefElim, "att_elim": &r.AttElim, "exchange": &r.Exchange, "stand": &r.Stand,
		"advance": &r.Advance, "disperses": &r.Disperses}
	for k, x := range t {
		if p, ok := ints[k]; ok {
			f, ok := number(x)
			if !ok {
				return r, fmt.Errorf("%s: a number", k)
			}
			*p = int(f)
		} else if p, ok := bools[k]; ok {
			b, ok := x.(bool)
			if !ok {
				return r, fmt.Errorf("%s: true or false", k)
			}
			*p = b
		} else {
			return r, fmt.Errorf("unknown key %q", k)
		}
	}
	return r, nil
}

func number(v any) (float64, bool) {
	switch v := v.(type) {
	case float64:
		return v, true
	case int64:
		return float64(v), true
	case int:
		return float64(v), true
	}
	return 0, false
}

func clone[K comparable, V any](m map[K]V) map[K]V {
	out := make(map[K]V, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// checkObjectives reports an objectives key that names no city of m.
func checkObjectives(m *core.Map, obj map[string]float64) error {
	names := make([]string, 0, len(obj))
	for name := range obj {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if _, ok := m.FindCity(name); !ok {
			return fmt.Errorf("objectives.%s: no city of that name on the map", name)
		}
	}
	return nil
}

// numberTable reads key's table of numbers by name (want says what it
// must be) over a copy of m; the first bad entry, in name order, is the
// error.
func numberTable(key string, v any, m map[string]float64, want string) (map[string]float64, error) {
	t, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("%s: %s", key, want)
	}
	m = clone(m)
	for _, name := range slices.Sorted(maps.Keys(t)) {
		f, ok := number(t[name])
		if !ok {
			return nil, fmt.Errorf("%s.%s: a number, not %v", key, name, t[name])
		}
		m[name] = f
	}
	return m, nil
}
