package bot

import (
	"testing"

	"gpw"
	"gpw/core"
	"gpw/game"
	"gpw/scenario"
)

// campaignEnd plays the GDW campaign with normal bots on seed and returns
// the date its last turn begins (year + month index / 8) and whether the
// Soviets won (Berlin taken, the sudden death). Without the scenario's
// [bot] table when plain.
func campaignEnd(t *testing.T, seed int64, plain bool) (float64, bool) {
	t.Helper()
	sc, err := scenario.Load(gpw.Data, "scenarios/gdw/campaign.toml", gpw.Data)
	if err != nil {
		t.Fatal(err)
	}
	if plain {
		sc.Bot = nil
	}
	g, err := game.New(sc, game.Options{Rules: "gdw", Seed: seed, SeedSet: true}, gpw.Data, nil)
	if err != nil {
		t.Fatal(err)
	}
	var bots [2]*Bot
	for _, side := range []core.Side{core.Axis, core.Soviet} {
		if bots[side], err = ForGame(g, side, "normal"); err != nil {
			t.Fatal(err)
		}
	}
	if err := PlayGame(g, bots[0], bots[1], 0, nil); err != nil {
		t.Fatalf("campaign seed %d: %v", seed, err)
	}
	turn := g.Turn()
	winner, _, _ := g.Verdict()
	return float64(turn.Index) / 8, winner == core.Soviet
}

// TestCampaignDoctrine: the GDW campaign's [bot] table gives the Soviets
// the husbanding doctrine (scenarios/gdw/campaign.toml) and leaves the
// Axis the default; over seeds 1-16 it brings Berlin's fall later, on
// average by a third of a year or more, than the default doctrine does,
// and Berlin still falls in most of those games.
func TestCampaignDoctrine(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 32 whole campaigns")
	}
	t.Parallel()
	sc, err := scenario.Load(gpw.Data, "scenarios/gdw/campaign.toml", gpw.Data)
	if err != nil {
		t.Fatal(err)
	}
	g, err := game.New(sc, game.Options{Rules: "gdw", Seed: 1, SeedSet: true}, gpw.Data, nil)
	if err != nil {
		t.Fatal(err)
	}
	sov, err := doctrineFor(g, core.Soviet)
	if err != nil {
		t.Fatal(err)
	}
	if sov.DefendRatio != 4 || sov.Aggression != 0 || sov.AttackRatio != 5 {
		t.Errorf("campaign Soviet doctrine: defend_ratio %g, aggression %g, attack_ratio %g; want 4, 0, 5", sov.DefendRatio, sov.Aggression, sov.AttackRatio)
	}
	axis, err := doctrineFor(g, core.Axis)
	if err != nil {
		t.Fatal(err)
	}
	if def := DefaultDoctrine(core.Axis); axis.Aggression != def.Aggression || axis.DefendRatio != def.DefendRatio || axis.AttackRatio != def.AttackRatio {
		t.Errorf("campaign Axis doctrine changed: %+v", axis)
	}

	const seeds = 16
	var with, without float64
	falls := 0
	for s := int64(1); s <= seeds; s++ {
		end, won := campaignEnd(t, s, false)
		with += end / seeds
		if won {
			falls++
		}
		end, _ = campaignEnd(t, s, true)
		without += end / seeds
	}
	if with < without+1.0/3 {
		t.Errorf("Berlin's mean fall date over seeds 1-%d: %.2f with the campaign's doctrine, %.2f without; want a third of a year later", seeds, with, without)
	}
	if falls*2 <= seeds {
		t.Errorf("Berlin falls in %d of %d campaigns with the campaign's doctrine; want most", falls, seeds)
	}
	t.Logf("Berlin's mean fall date, seeds 1-%d: %.2f with the campaign's doctrine, %.2f without; it falls in %d", seeds, with, without, falls)
}
