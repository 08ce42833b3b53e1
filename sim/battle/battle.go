// Package battle works out, without simulation, what a rules module's
// combat does to a reference battle: for each odds column and weather,
// the distribution of results over the six faces of the die and the
// strength each side loses on average. Nothing is hard-coded: each face
// is fought on the engine, with the module's own odds, CRT and result
// semantics (its results functions, the retreat, loss and advance
// defaults of gpw run --auto).
package battle

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"slices"
	"strconv"
	"strings"

	"gpw/core"
	"gpw/game"
	"gpw/interp"
	"gpw/scenario"
)

// Reference is the battle fought. The defender is a full-strength
// Soviet infantry unit of strength Defense-Defense/2 on clear terrain,
// not in a city, no river between it and the attackers. The attack at
// odds p:q totals ⌈Defense·p/q⌉ factors, split as evenly as possible
// among up to Attackers German infantry units (each full strength, its
// half side half its full one rounded down), all in supply, attacking
// from the hexes north, north-west and south-west of the defender, whose
// retreat eastwards is open. The turn is the first of the module's
// calendar with the weather's mark, in 1942; the battle is the first of
// the Axis's first combat phase.
type Reference struct {
	Defense   int
	Attackers int
}

// Standard is the reference battle of gpw crt compare.
var Standard = Reference{Defense: 8, Attackers: 3}

// String describes the battle in a line.
func (ref Reference) String() string {
	return fmt.Sprintf("a full-strength Soviet %d-%d infantry defender in clear terrain, attacked by up to %d full-strength German infantry units in supply totalling ⌈%d × odds⌉ factors, its retreat open",
		ref.Defense, ref.Defense/2, ref.Attackers, ref.Defense)
}

// Outcome is what one battle does under one module.
type Outcome struct {
	Odds    string `json:"odds"`    // the ratio attacked at, "3:1"
	Weather string `json:"weather"` // the turn's weather mark; "clear" for none
	Attack  int    `json:"attack"`  // factors attacking
	// Column is the CRT column the module used; "" when the attack may
	// not be made (Refused says why).
	Column  string `json:"column,omitempty"`
	Refused string `json:"refused,omitempty"`
	// Results counts the die faces (of six) giving each result.
	Results map[string]int `json:"results,omitempty"`
	// AttackerLost and DefenderLost are the expected attack strength each
	// side loses (a unit's factor at full or half strength, 0 when
	// eliminated).
	AttackerLost float64 `json:"attacker_lost"`
	DefenderLost float64 `json:"defender_lost"`
	// Exact is false when a face's outcome depended on more dice than
	// the one rolled on the CRT: then the losses are those of seed 1.
	Exact bool `json:"exact"`
}

// Module is a rules module's outcomes.
type Module struct {
	Variant  string    `json:"variant"`
	ID       string    `json:"id"`
	Name     string    `json:"name"`
	Columns  []string  `json:"columns"`
	Weathers []string  `json:"weathers"`
	Outcomes []Outcome `json:"outcomes"`
}

// Ratio reads an odds label "p:q".
func Ratio(label string) (p, q int, ok bool) {
	ps, qs, found := strings.Cut(label, ":")
	p, err1 := strconv.Atoi(ps)
	q, err2 := strconv.Atoi(qs)
	return p, q, found && err1 == nil && err2 == nil && p > 0 && q > 0
}

// Odds lists the odds columns of modules, each once, from the lowest.
func Odds(mods ...*interp.Rules) []string {
	var out []string
	for _, r := range mods {
		for _, c := range r.CRTColumns {
			if _, _, ok := Ratio(c); ok && !slices.Contains(out, c) {
				out = append(out, c)
			}
		}
	}
	slices.SortStableFunc(out, func(a, b string) int {
		pa, qa, _ := Ratio(a)
		pb, qb, _ := Ratio(b)
		return pa*qb - pb*qa
	})
	return out
}

// Weathers lists the weather marks of a module's calendar, "clear" for
// turns without one, in calendar order.
func Weathers(r *interp.Rules) []string {
	var out []string
	for _, m := range r.Calendar {
		w := m.Weather
		if w == "" {
			w = "clear"
		}
		if !slices.Contains(out, w) {
			out = append(out, w)
		}
	}
	return out
}

// Load loads a module to read its columns, calendar and phases.
func Load(variant string, builtin fs.FS) (*interp.Rules, error) {
	return interp.Load(variant, builtin, interp.NopHost{})
}

// Compute fights the reference battle under variant at each odds and
// weather.
func (ref Reference) Compute(variant string, builtin fs.FS, odds, weathers []string) (*Module, error) {
	r, err := Load(variant, builtin)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	mod := &Module{Variant: variant, ID: r.ID, Name: r.Name, Columns: r.CRTColumns, Weathers: weathers}
	phase := ""
	for _, p := range r.Phases {
		if p.Kind == interp.PhaseCombat && p.Side == core.Axis {
			phase = p.ID
			break
		}
	}
	if phase == "" {
		return nil, fmt.Errorf("%s: no Axis combat phase", variant)
	}
	for _, w := range weathers {
		month := ""
		for _, m := range r.Calendar {
			if m.Weather == w || (w == "clear" && m.Weather == "") {
				month = m.Name
				break
			}
		}
		if month == "" {
			return nil, fmt.Errorf("%s: no turn of the calendar has the weather %q", variant, w)
		}
		for _, o := range odds {
			out, err := ref.fight(variant, builtin, phase, month+" 1942", o)
			if err != nil {
				return nil, fmt.Errorf("%s, %s, %s: %w", variant, w, o, err)
			}
			out.Weather = w
			mod.Outcomes = append(mod.Outcomes, out)
		}
	}
	return mod, nil
}

// Strengths splits total factors among at most n units, as evenly as
// possible, the larger first.
func Strengths(total, n int) []int {
	n = max(1, min(n, total))
	out := make([]int, n)
	for i := range out {
		out[i] = total / n
		if i < total%n {
			out[i]++
		}
	}
	return out
}

// scenarioText writes the reference battle as a scenario.
func (ref Reference) scenarioText(phase, turn string, attack []int, hexes []string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "name = \"reference battle\"\nstart = %q\nend = %q\nphase = %q\nseed = 1\n\n", turn, turn, phase)
	b.WriteString("[map]\nsheet = \"B\"\ncols = 9\nrows = 7\nowner = \"axis\"\naxis_edge = \"west\"\nsoviet_edge = \"east\"\n\n")
	unit := func(id, side, nation string, s int, hex string) {
		fmt.Fprintf(&b, "[[unit]]\nid = %q\nside = %q\nnation = %q\nkind = \"infantry\"\nstrength = [%d, %d]\nmp = 4\nhex = %q\n\n", id, side, nation, s, s/2, hex)
	}
	unit("def", "soviet", "sov", ref.Defense, defenderHex)
	for i, s := range attack {
		unit(fmt.Sprintf("att%d", i+1), "axis", "ger", s, hexes[i])
	}
	return b.String()
}

const defenderHex = "B-0404"

// attackerHexes are the hexes north, north-west and south-west of the
// defender.
func attackerHexes() ([]string, error) {
	sc, err := scenario.Parse("reference", []byte("name = \"r\"\nstart = \"Jun 1942\"\n[map]\nsheet = \"B\"\ncols = 9\nrows = 7\nowner = \"axis\"\n"), nil)
	if err != nil {
		return nil, err
	}
	m := sc.Map
	h, err := m.ParseHex(defenderHex)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, d := range []core.Dir{core.N, core.NW, core.SW} {
		out = append(out, m.ID(int(m.Nbr[h][d])))
	}
	return out, nil
}

func (ref Reference) fight(variant string, builtin fs.FS, phase, turn, odds string) (Outcome, error) {
	out := Outcome{Odds: odds, Exact: true}
	p, q, ok := Ratio(odds)
	if !ok {
		return out, fmt.Errorf("odds %q are not p:q", odds)
	}
	out.Attack = (ref.Defense*p + q - 1) / q
	attack := Strengths(out.Attack, ref.Attackers)
	hexes, err := attackerHexes()
	if err != nil {
		return out, err
	}
	k, err := game.RulesKinds(variant, builtin) // the module's calendar names the turn
	if err != nil {
		return out, err
	}
	sc, err := scenario.ParseWith("reference-battle.toml", []byte(ref.scenarioText(phase, turn, attack, hexes)), nil, scenario.Options{Kinds: k})
	if err != nil {
		return out, err
	}
	cmd := "attack " + defenderHex + " from " + strings.Join(hexes[:len(attack)], " ")
	out.Results = map[string]int{}
	for die := 1; die <= 6; die++ {
		var first [2]int
		for seed := int64(1); seed <= 2; seed++ {
			res, lost, err := fightOnce(sc, variant, builtin, cmd, die, seed)
			var rf *game.Refusal
			if errors.As(err, &rf) {
				out.Refused = rf.Error()
				out.Results = nil
				return out, nil
			}
			if err != nil {
				return out, err
			}
			if seed == 1 {
				first = lost
				out.Results[res.result]++
				out.Column = res.column
				out.AttackerLost += float64(lost[0]) / 6
				out.DefenderLost += float64(lost[1]) / 6
			} else if lost != first {
				out.Exact = false
			}
		}
	}
	out.AttackerLost = round(out.AttackerLost)
	out.DefenderLost = round(out.DefenderLost)
	return out, nil
}

func round(x float64) float64 { return math.Round(x*1e9) / 1e9 }

type fought struct{ column, result string }

// fightOnce fights the battle with the CRT die forced and returns the
// result and the attack strength lost by the attackers and the defender.
func fightOnce(sc *scenario.Scenario, variant string, builtin fs.FS, cmd string, die int, seed int64) (fought, [2]int, error) {
	var f fought
	g, err := game.New(sc, game.Options{Rules: variant, Seed: seed, SeedSet: true, Dice: []int{die}, Auto: true}, builtin, func(e game.Event) {
		if e.Kind == game.EventCombat {
			f.column, _ = e.Get("column").(string)
			f.result, _ = e.Get("result").(string)
		}
	})
	if err != nil {
		return f, [2]int{}, err
	}
	before := strength(g.Position())
	if err := g.Exec(cmd); err != nil {
		return f, [2]int{}, err
	}
	if p := g.Pending(); p != "" {
		return f, [2]int{}, fmt.Errorf("the battle waits for a decision the defaults do not make: %s", p)
	}
	after := strength(g.Position())
	return f, [2]int{before[core.Axis] - after[core.Axis], before[core.Soviet] - after[core.Soviet]}, nil
}

// strength is each side's attack strength on the map.
func strength(s *core.State) [2]int {
	var out [2]int
	for k := range s.Units {
		if u := &s.Units[k]; u.Status == core.OnMap && u.Side <= core.Soviet {
			out[u.Side] += u.AttackNow()
		}
	}
	return out
}
