package scenario

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"gpw/core"
)

// Kinds are what the loader needs of the rules a scenario is played
// under: the turns of a year, to read turn names and name force pools,
// and the kinds that are not combat units (R.calendar and R.noncombat of a
// rules module). The game takes them from its module (game.LoadScenario).
type Kinds struct {
	Rules     string          // the rules' name, for messages ("gdw", "myhouse"); "" for DefaultKinds
	Calendar  []string        // the turns of a year, in order
	NonCombat map[string]bool // kinds that have no strength, take no hex of their own and are not rebuilt
}

// DefaultKinds are the kinds of rules/base.lua, shared by the GDW and ADC2
// rules: eight turns a year (GDW: Sequence of Play) and leaders and air
// units as non-combat units (GDW: Movement / Restrictions on Movement).
// Load uses them when no rules module is known.
func DefaultKinds() Kinds {
	return Kinds{
		Calendar:  []string{"Jan/Feb", "Mar/Apr", "May", "Jun", "Jul", "Aug", "Sep/Oct", "Nov/Dec"},
		NonCombat: map[string]bool{"leader": true, "air": true},
	}
}

// orDefault is k, or DefaultKinds when k has no calendar (a Scenario not
// made by the loader).
func (k Kinds) orDefault() Kinds {
	if len(k.Calendar) == 0 {
		return DefaultKinds()
	}
	return k
}

// Same reports whether k and o read a scenario alike: the same turns and
// the same non-combat kinds (their names aside).
func (k Kinds) Same(o Kinds) bool {
	k, o = k.orDefault(), o.orDefault()
	return slices.Equal(k.Calendar, o.Calendar) && maps.Equal(trueKeys(k.NonCombat), trueKeys(o.NonCombat))
}

// String describes the kinds for messages and cache keys: the rules'
// name, the turns and the non-combat kinds, sorted.
func (k Kinds) String() string {
	k = k.orDefault()
	nc := slices.Sorted(maps.Keys(trueKeys(k.NonCombat)))
	return fmt.Sprintf("%s rules (turns %s; non-combat %s)", cmp.Or(k.Rules, "default"), strings.Join(k.Calendar, ", "), strings.Join(nc, ", "))
}

// nonCombatKey names the non-combat kinds, sorted: what a catalogue's
// check depends on.
func (k Kinds) nonCombatKey() string {
	return strings.Join(slices.Sorted(maps.Keys(trueKeys(k.NonCombat))), ",")
}

func trueKeys(m map[string]bool) map[string]bool {
	out := make(map[string]bool, len(m))
	for k, v := range m {
		if v {
			out[k] = true
		}
	}
	return out
}

// ParseTurn reads a turn name such as "Sep/Oct 1941" into
// year*len(Calendar)+slot.
func (k Kinds) ParseTurn(s string) (int, error) {
	k = k.orDefault()
	s = strings.TrimSpace(s)
	i := strings.LastIndexByte(s, ' ')
	if i < 0 {
		return 0, fmt.Errorf("turn %q: expected a month and a year, such as %q", s, k.Calendar[len(k.Calendar)/2]+" 1941")
	}
	year, err := strconv.Atoi(s[i+1:])
	if err != nil || year < 1900 || year > 2100 {
		return 0, fmt.Errorf("turn %q: %q is not a year", s, s[i+1:])
	}
	for n, m := range k.Calendar {
		if strings.EqualFold(m, s[:i]) {
			return year*len(k.Calendar) + n, nil
		}
	}
	of := "the calendar"
	if k.Rules != "" {
		of = "the " + k.Rules + " rules"
	}
	return 0, fmt.Errorf("%q is not a turn of %s (turns: %s)", s, of, strings.Join(k.Calendar, ", "))
}

// TurnName prints turn t.
func (k Kinds) TurnName(t int) string {
	k = k.orDefault()
	n := len(k.Calendar)
	return fmt.Sprintf("%s %d", k.Calendar[t%n], t/n)
}

// ReinforcementPool names the ADC2 force pool of side's reinforcements in
// turn t, e.g. "AxisAug41" or "SovietSepOct43".
func (k Kinds) ReinforcementPool(side core.Side, t int) string {
	k = k.orDefault()
	n := len(k.Calendar)
	m := strings.ReplaceAll(k.Calendar[t%n], "/", "")
	s := side.String()
	y := (t / n) % 100
	return strings.ToUpper(s[:1]) + s[1:] + m + string([]byte{byte('0' + y/10), byte('0' + y%10)})
}
