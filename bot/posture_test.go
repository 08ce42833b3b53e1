package bot

import (
	"testing"

	"gpw"
	"gpw/core"
	"gpw/game"
	"gpw/scenario"
)

func TestNextStance(t *testing.T) {
	tests := []struct {
		name         string
		now          Stance
		r, then, def float64
		want         Stance
	}{
		{"stronger", Offensive, 1.5, 1.6, 1, Offensive},
		{"weaker", Offensive, 0.9, 0.9, 1, Defensive},
		{"falling fast, not yet weaker", Offensive, 1.3, 1.8, 1, Defensive},
		{"falling fast, still strong", Offensive, 1.6, 2.5, 1, Offensive},
		{"falling slowly", Offensive, 1.3, 1.4, 1, Offensive},
		{"no trend yet", Offensive, 1.3, 0, 1, Offensive},
		{"recovering within the margin", Defensive, 1.1, 1.0, 1, Defensive},
		{"recovered", Defensive, 1.3, 1.2, 1, Offensive},
		{"recovered but falling", Defensive, 1.3, 1.7, 1, Defensive},
		{"no threshold", Offensive, 0.2, 0.9, 0, Offensive},
	}
	for _, tt := range tests {
		if got := nextStance(tt.now, tt.r, tt.then, tt.def); got != tt.want {
			t.Errorf("%s: nextStance(%v, %v, %v, %v) = %v, want %v", tt.name, tt.now, tt.r, tt.then, tt.def, got, tt.want)
		}
	}
}

func TestDefensiveClamps(t *testing.T) {
	for _, side := range []core.Side{core.Axis, core.Soviet} {
		d := DefaultDoctrine(side)
		once := d.defensive()
		if once.Aggression >= d.Aggression || once.AttackRatio <= d.AttackRatio || once.Reserve <= d.Reserve {
			t.Errorf("%v: the defensive stance attacks no less readily: %+v", side, once)
		}
		twice := once.defensive()
		if twice.Aggression != once.Aggression || twice.Caution != once.Caution || twice.AttackRatio != once.AttackRatio ||
			twice.WithdrawRatio != once.WithdrawRatio || twice.Reserve != once.Reserve || twice.Axes != once.Axes {
			t.Errorf("%v: the defensive stance applied twice changes more: %+v, then %+v", side, once, twice)
		}
	}
}

// TestStanceFollowsStrength plays the GDW campaign's first turns with the
// default doctrine (not the campaign's own table, whose Soviets keep the
// defensive stance until four times the Axis's strength) and checks that
// the Axis bot takes the defensive stance when, and only when, its
// strength on the map falls below the doctrine's ratio.
func TestStanceFollowsStrength(t *testing.T) {
	sc, err := scenario.Load(gpw.Data, "scenarios/gdw/campaign.toml", gpw.Data)
	if err != nil {
		t.Fatal(err)
	}
	sc.Bot = nil
	g, err := game.New(sc, game.Options{Rules: "gdw", Seed: 1, SeedSet: true}, gpw.Data, nil)
	if err != nil {
		t.Fatal(err)
	}
	ax, _ := ForGame(g, core.Axis, DefaultLevel)
	so, _ := ForGame(g, core.Soviet, DefaultLevel)
	var stances []Stance
	err = PlayGame(g, ax, so, 14, func(Summary) { stances = append(stances, ax.Stance()) })
	if err != nil {
		t.Fatal(err)
	}
	if stances[0] != Offensive {
		t.Errorf("the Axis opens in the %v stance, want offensive", stances[0])
	}
	r := ax.stance.ratios[ax.stance.turn]
	if r >= ax.stance.plain.DefendRatio || r == 0 {
		t.Fatalf("after %d turns the Axis is at %.2f of the Soviet strength: the test wants it weaker", len(stances), r)
	}
	if last := stances[len(stances)-1]; last != Defensive {
		t.Errorf("the Axis at %.2f of the Soviet strength is %v, want defensive", r, last)
	}
	if ax.Doctrine.Aggression > 0.15 || so.Stance() != Offensive {
		t.Errorf("Axis aggression %.2f (want at most 0.15 when defensive), Soviet stance %v", ax.Doctrine.Aggression, so.Stance())
	}
}

// TestHoldObjectives: a sector far weaker than the enemy withdraws,
// unless the doctrine's hold_objectives keeps it before an objective of
// the side within that many hexes of the enemy.
func TestHoldObjectives(t *testing.T) {
	for _, c := range []struct {
		name, city string
		reach      float64
		want       posture
	}{
		{"off", "B-0905", 0, withdraw},
		{"objective behind the sector", "B-0905", 8, hold},
		{"objective beyond the reach", "B-1805", 8, withdraw},
	} {
		cities := "\n[[map.city]]\nhex = \"" + c.city + "\"\nname = \"Mittegrad\"\nkind = \"major\"\n" +
			"\n[[victory.condition]]\nside = \"axis\"\ncities = [\"Mittegrad\"]\nresult = \"decisive\"\n"
		g := newBoard(t, "soviet-general", units("axis", "panzer", 12, 6, 8, "B-0503", "B-0505", "B-0507", "B-0504")+
			units("soviet", "infantry", 8, 4, 6, "B-0805")+cities, game.Options{})
		b := bound(t, g, core.Soviet)
		b.Doctrine.HoldObjectives = c.reach
		v := b.newView(b.e, core.Soviet)
		if !v.key.Has(idx(t, g, c.city)) {
			t.Fatalf("%s: Mittegrad is no objective", c.name)
		}
		if p := v.postureAt(idx(t, g, "B-0805")); p != c.want {
			t.Errorf("%s: posture %s, want %s", c.name, p, c.want)
		}
	}
}

// TestHoldFortresses: hold_fortresses keeps a withdrawing sector before
// a fortress of the side (objective or not) from farther out than
// hold_objectives does for the other objectives; a major city at the
// same distance does not hold the sector, nor a fortress beyond the
// reach.
func TestHoldFortresses(t *testing.T) {
	for _, c := range []struct {
		name, city, kind  string
		objectives, forts float64
		want              posture
	}{
		{"off", "B-0905", "fortress", 0, 0, withdraw},
		{"fortress within reach", "B-0905", "fortress", 0, 5, hold},
		{"fortress within reach, objectives nearer", "B-0905", "fortress", 2, 5, hold},
		{"major city is no fortress", "B-0905", "major", 2, 5, withdraw},
		{"fortress beyond the reach", "B-1805", "fortress", 0, 5, withdraw},
	} {
		cities := "\n[[map.city]]\nhex = \"" + c.city + "\"\nname = \"Festung\"\nkind = \"" + c.kind + "\"\n"
		g := newBoard(t, "soviet-general", units("axis", "panzer", 12, 6, 8, "B-0503", "B-0505", "B-0507", "B-0504")+
			units("soviet", "infantry", 8, 4, 6, "B-0805")+cities, game.Options{})
		b := bound(t, g, core.Soviet)
		b.Doctrine.HoldObjectives, b.Doctrine.HoldFortresses = c.objectives, c.forts
		v := b.newView(b.e, core.Soviet)
		if p := v.postureAt(idx(t, g, "B-0805")); p != c.want {
			t.Errorf("%s: posture %s, want %s", c.name, p, c.want)
		}
	}
}
