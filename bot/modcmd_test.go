package bot

import (
	"path/filepath"
	"slices"
	"testing"
)

// TestModuleCommandsUsed: bot against bot, the modules' own commands are
// judged in every game and used where they pay over the seeds, and none
// is refused. (Whether a command pays in a given game moves with any
// change to the bots; TestFortifyWherePays and TestOrderNoRetreat pin
// the judgement on positions where it must pay and where it must not,
// so the broad check asks only for some use over many seeds.)
func TestModuleCommandsUsed(t *testing.T) {
	t.Parallel()
	sariego, err := filepath.Abs("../rules/house/sariego.lua")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, file, rules string
		turns, seeds      int
		want              []string // commands used at least once over the seeds
		judged            []string // commands both sides judge in every game
	}{
		{"adc2", "scenarios/adc2/campaign.toml", "adc2", 4, 1, []string{"shock", "support"}, []string{"support"}},
		// Barbarossa's Soviets hold in contact (its doctrine's
		// hold_objectives), where a fort may not be built: judged there;
		// Bagration's defending Axis builds them (10 in 6 of 16 games)
		{"sariego", "scenarios/gdw/barbarossa.toml", sariego, 0, 4, nil, []string{"fortify"}},
		{"sariego-bagration", "scenarios/gdw/bagration.toml", sariego, 0, 16, []string{"fortify"}, []string{"fortify"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			used := map[string]int{}
			var all []*Bot
			for seed := 1; seed <= c.seeds; seed++ {
				_, _, bots := match(t, c.file, c.rules, int64(seed), "hard", "hard", c.turns)
				all = append(all, bots[:]...)
			}
			for i, b := range all {
				for _, w := range c.judged {
					if b.Judged[w] == 0 {
						t.Errorf("seed %d %s: %s never judged (judged %v)", i/2+1, b.Side, w, b.Judged)
					}
				}
				if b.Refused() > 0 {
					t.Errorf("%s: %d refused: %s", b.Side, b.Refused(), b.LastRefusal())
				}
				for k, n := range b.Tactics {
					if len(k) > 7 && k[:7] == "module:" {
						used[k[7:]] += n
					}
				}
			}
			for _, w := range c.want {
				if used[w] == 0 {
					t.Errorf("%s never used (used: %v)", w, used)
				}
			}
			for _, b := range all {
				for _, w := range b.Unjudged() {
					if b.Tactics["module:"+w] > 0 || !slices.Contains(b.e.g.Rules.CommandWords(), w) {
						t.Errorf("%s: %s reported as unjudged, yet used or no command", b.Side, w)
					}
				}
			}
			t.Logf("used over %d seeds: %v; judged (the first game): axis %v, soviet %v", c.seeds, used, all[0].Judged, all[1].Judged)
		})
	}
}
