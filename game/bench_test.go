package game

import (
	"testing"

	"gpw"
	"gpw/core"
	"gpw/interp"
	"gpw/scenario"
)

// Benchmarks of the engine under each rules module on the same position:
// the ADC2 campaign (its full order of battle, set up automatically),
// played under --rules gdw and --rules adc2. The games are clones, which
// stream no events: as computer players and the simulator use them.

// campaign starts the ADC2 campaign under rules, with every decision
// made by its default.
func campaign(b *testing.B, rules string) *Game {
	b.Helper()
	sc, err := scenario.Load(gpw.Data, "scenarios/adc2/campaign.toml", gpw.Data)
	if err != nil {
		b.Fatal(err)
	}
	g, err := New(sc, Options{Rules: rules, AutoSetup: true, Auto: true, NoUndo: true}, gpw.Data, func(Event) {})
	if err != nil {
		b.Fatal(err)
	}
	return g.Clone()
}

// endUntil ends phases until the phase of kind for side begins.
func endUntil(b *testing.B, g *Game, side core.Side, kind interp.PhaseKind) {
	b.Helper()
	for g.Phase().Side != side || g.Phase().Kind != kind {
		if err := g.Exec("end"); err != nil {
			b.Fatal(err)
		}
	}
}

// benchBattle times one attack command of the Axis combat phase of Jun
// 1941 with the die fixed, its result carried out (retreat and advance by
// default), the position restored before each.
func benchBattle(b *testing.B, rules string, die int) {
	g := campaign(b, rules)
	endUntil(b, g, core.Axis, "combat")
	a := g.Actions()
	if len(a.Attacks) == 0 {
		b.Fatal("no attack in the Axis combat phase")
	}
	t := a.Attacks[0]
	cmd := Command{Verb: "attack", Unit: -1, Hex: t.Hex, From: t.Attackers}
	g.dice.forced = []int{die}
	snap := g.snapshot()
	if err := g.Do(core.Axis, cmd); err != nil {
		b.Fatalf("%s: %v", g.Text(cmd), err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		g.state.copyFrom(snap)
		if err := g.Do(core.Axis, cmd); err != nil {
			b.Fatal(err)
		}
	}
}

// DR (die 1 at these odds): the defender retreats, an attacker advances.
func BenchmarkBattleGDW(b *testing.B)  { benchBattle(b, "gdw", 1) }
func BenchmarkBattleADC2(b *testing.B) { benchBattle(b, "adc2", 1) }

// benchEndPhase times ending each phase of the first game turn in turn
// (the position restored before each pass), per phase.
func benchEndPhase(b *testing.B, rules string) {
	g := campaign(b, rules)
	snap := g.snapshot()
	phases := len(g.Rules.Phases)
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		if i%phases == 0 {
			g.state.copyFrom(snap)
		}
		if err := g.Do(core.NoSide, Command{Verb: "end", Unit: -1, Hex: -1}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkEndPhaseGDW(b *testing.B)  { benchEndPhase(b, "gdw") }
func BenchmarkEndPhaseADC2(b *testing.B) { benchEndPhase(b, "adc2") }

// benchCampaign plays the whole campaign (32 turns) with every phase
// ended at once and reinforcements placed automatically: gpw run --auto.
func benchCampaign(b *testing.B, rules string) {
	b.ReportAllocs()
	for range b.N {
		g := campaign(b, rules)
		if err := g.PlayTurns(32); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkCampaignGDW(b *testing.B)  { benchCampaign(b, "gdw") }
func BenchmarkCampaignADC2(b *testing.B) { benchCampaign(b, "adc2") }

// benchActions lists every action of the campaign's first Axis movement
// phase under rules: each unit's destinations, each checked as the move
// command checks it (the module's can_move_path included).
func benchActions(b *testing.B, rules string) {
	g := campaign(b, rules)
	endUntil(b, g, core.Axis, "move")
	n := 0
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		n = len(g.Actions().Commands())
	}
	b.ReportMetric(float64(n), "actions")
}

func BenchmarkActionsGDW(b *testing.B)  { benchActions(b, "gdw") }
func BenchmarkActionsADC2(b *testing.B) { benchActions(b, "adc2") }
