package bot

import (
	"path/filepath"
	"slices"
	"testing"
)

// TestModuleCommandsUsed: bot against bot, the modules' own commands are
// judged and used where they pay, and none is refused.
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
	}{
		{"adc2", "scenarios/adc2/campaign.toml", "adc2", 4, 1, []string{"shock", "support"}},
		{"sariego", "scenarios/gdw/barbarossa.toml", sariego, 0, 8, []string{"fortify"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			used := map[string]int{}
			var all []*Bot
			for seed := 1; seed <= c.seeds; seed++ {
				_, _, bots := match(t, c.file, c.rules, int64(seed), "hard", "hard", c.turns)
				all = append(all, bots[:]...)
			}
			for _, b := range all {
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
			t.Logf("used: %v; judged (the first game): axis %v, soviet %v", used, all[0].Judged, all[1].Judged)
		})
	}
}
