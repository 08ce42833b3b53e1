package bot

import (
	"testing"

	"gpw/core"
	"gpw/game"
)

// TestSiegeOdds: with siege_odds set, the attacker's options against a
// fortress or capital keep only the sets of attackers that reach that
// ratio before any shift; a plain city is attacked as before, and 0
// changes nothing.
func TestSiegeOdds(t *testing.T) {
	for _, c := range []struct {
		name, kind string
		siege      float64
		attackers  int // panzers of 12 on the defender's 8
		want       bool
	}{
		{"off", "fortress", 0, 1, true},
		{"fortress at 1:1", "fortress", 3, 1, false},
		{"fortress at 3:1", "fortress", 3, 2, true},
		{"fortress at 2:1, siege 2.5", "fortress", 2.5, 1, false},
		{"major city at 1:1", "major", 3, 1, true},
	} {
		cities := "\n[[map.city]]\nhex = \"B-0805\"\nname = \"Festung\"\nkind = \"" + c.kind + "\"\n"
		var atk string
		if c.attackers == 1 {
			atk = units("axis", "panzer", 12, 6, 8, "B-0705")
		} else {
			atk = units("axis", "panzer", 12, 6, 8, "B-0705", "B-0704", "B-0804")
		}
		g := newBoard(t, "axis-combat", atk+units("soviet", "infantry", 8, 4, 6, "B-0805")+cities, game.Options{})
		b := bound(t, g, core.Axis)
		b.Doctrine.SiegeOdds = c.siege
		v := b.newView(b.e, core.Axis)
		opts := allOptions(b, v)
		if got := len(opts) > 0; got != c.want {
			t.Errorf("%s: attack options %v, want some: %v", c.name, opts, c.want)
		}
		for _, o := range opts {
			var att float64
			for _, a := range o.atk {
				att += float64(v.s.Units[a].AttackNow())
			}
			if c.kind == "fortress" && c.siege > 0 && att < c.siege*8 {
				t.Errorf("%s: option %v storms the fortress with %g against 8", c.name, o.atk, att)
			}
		}
	}
}

// TestGarrisonStays: the lone army in a fortress the enemy can reach
// makes no attack of its own choosing and counts its city's worth
// against an advance out of it; a unit beside the fortress, or in a
// plain hex, attacks as before; an attack the rules demand may still
// use the garrison (allTargets).
func TestGarrisonStays(t *testing.T) {
	for _, c := range []struct {
		name, kind string
		stays      bool
	}{
		{"fortress", "fortress", true},
		{"no city", "", false},
	} {
		var cities string
		if c.kind != "" {
			cities = "\n[[map.city]]\nhex = \"B-0805\"\nname = \"Festung\"\nkind = \"" + c.kind + "\"\n"
		}
		g := newBoard(t, "soviet-combat", units("axis", "panzer", 4, 2, 8, "B-0705")+
			units("soviet", "infantry", 12, 6, 6, "B-0805")+cities, game.Options{})
		b := bound(t, g, core.Soviet)
		v := b.newView(b.e, core.Soviet)
		k := v.own[0]
		if got := garrisonStays(v, k); got != c.stays {
			t.Errorf("%s: garrisonStays %v, want %v", c.name, got, c.stays)
		}
		if got := leaveCost(v, k) > 0; got != c.stays {
			t.Errorf("%s: leaveCost %g", c.name, leaveCost(v, k))
		}
		n := len(v.s.Units)
		if got := len(b.targets(v, make([]bool, n), make([]bool, n))) == 0; got != c.stays {
			t.Errorf("%s: no voluntary target: %v, want %v", c.name, got, c.stays)
		}
		if len(b.allTargets(v, make([]bool, n), make([]bool, n))) == 0 {
			t.Errorf("%s: the demanded attacks lost the garrison", c.name)
		}
	}
}

// TestSiegeFutile: with siege_odds set, an assault on a supplied fortress
// is left out when no face of its column can take the hex by the
// module's meanings of the results. Two panzers of 12 on an army of 8
// (3:1, the 2:1 column after the fortress's shift): GDW's EX retreats
// the garrison, so the assault stands; with ADC2's meanings (the stand
// costs a step, EX retreats no one) it only wears the army down by a
// step and is left out, unless the army is down to its last step or the
// siege is off.
func TestSiegeFutile(t *testing.T) {
	adc2 := map[string]Result{
		"NE":  {},
		"DR":  {Retreat: 2, Stand: true, Advance: true},
		"DRL": {DefSteps: 1, Retreat: 2, Advance: true},
		"DE":  {DefSteps: 2, Advance: true},
		"AL":  {AttSteps: 1},
		"EX":  {DefSteps: 1, Exchange: true, Advance: true},
	}
	for _, c := range []struct {
		name    string
		results map[string]Result
		siege   float64
		reduced bool
		want    bool // some option storms the fortress
	}{
		{"GDW's results", nil, 2, false, true},
		{"ADC2's results", adc2, 2, false, false},
		{"ADC2's results, siege off", adc2, 0, false, true},
		{"ADC2's results, last step", adc2, 2, true, true},
	} {
		cities := "\n[[map.city]]\nhex = \"B-0805\"\nname = \"Festung\"\nkind = \"fortress\"\n"
		atk := units("axis", "panzer", 12, 6, 8, "B-0705", "B-0804")
		g := newBoard(t, "axis-combat", atk+units("soviet", "infantry", 8, 4, 6, "B-0805")+cities, game.Options{})
		b := bound(t, g, core.Axis)
		b.Doctrine.SiegeOdds = c.siege
		if c.results != nil {
			b.Doctrine.Results = c.results
		}
		v := b.newView(b.e, core.Axis)
		h := idx(t, g, "B-0805")
		if !v.foeSup.Has(h) {
			t.Fatalf("%s: the garrison is out of supply on the test board", c.name)
		}
		k := v.s.Occupant(h)
		if c.reduced {
			v.s.Units[k].Reduced = true
		}
		opts := allOptions(b, v)
		if got := len(opts) > 0; got != c.want {
			t.Errorf("%s: attack options %v, want some: %v", c.name, opts, c.want)
		}
		for _, o := range opts {
			if p := b.takeChance(v, h, k, o.col); c.siege > 0 && p == 0 {
				t.Errorf("%s: option %v on column %d cannot take the fortress", c.name, o.atk, o.col)
			}
		}
	}
}

// allOptions lists every attack option of the side's bot b on view v,
// demanded attacks included.
func allOptions(b *Bot, v *view) []option {
	n := len(v.s.Units)
	var opts []option
	for _, tg := range b.allTargets(v, make([]bool, n), make([]bool, n)) {
		opts = append(opts, b.options(v, tg)...)
	}
	return opts
}
