package game

import (
	"testing"

	"gpw/core"
)

// Benchmarks of the hooks a battle calls, apart: the parts of
// BenchmarkBattleADC2 that rules/adc2.lua decides.

// benchWeigh times the odds of the campaign's first Axis attack (the
// module's odds hook with the battle's factors).
func benchWeigh(b *testing.B, rules string) {
	g := campaign(b, rules)
	endUntil(b, g, core.Axis, "combat")
	t := g.Actions().Attacks[0]
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if _, err := g.Weigh(t.Hex, t.Attackers); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkWeighGDW(b *testing.B)  { benchWeigh(b, "gdw") }
func BenchmarkWeighADC2(b *testing.B) { benchWeigh(b, "adc2") }

// BenchmarkAfterMoveADC2 times adc2.lua's after_move for the two moves
// of BenchmarkBattleADC2's battle: the defender's retreat and the
// attacker's advance (which change nothing there).
func BenchmarkAfterMoveADC2(b *testing.B) {
	g := campaign(b, "adc2")
	endUntil(b, g, core.Axis, "combat")
	t := g.Actions().Attacks[0]
	def := g.S.Occupant(t.Hex)
	g.dice.forced = []int{1}
	if err := g.Do(core.Axis, Command{Verb: "attack", Unit: -1, Hex: t.Hex, From: t.Attackers}); err != nil {
		b.Fatal(err)
	}
	att := t.Attackers[0]
	dp, ap := []int{g.S.Units[def].Hex}, []int{g.S.Units[att].Hex}
	defer g.Rules.Hold()()
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if err := g.afterMove(def, "retreat", dp); err != nil {
			b.Fatal(err)
		}
		if err := g.afterMove(att, "advance", ap); err != nil {
			b.Fatal(err)
		}
	}
}
