package game

import (
	"errors"
	"strings"
	"testing"
)

// probeBody makes an attack fail in its result hook after the die is
// drawn, naming the result, while the game's "probe" value is set.
const probeBody = `R.store = R.store or {}
R.store.game = R.store.game or {}
R.store.game.probe = "number"
R.commands = R.commands or {}
R.commands.probe = function(on) gpw.set("probe", on == "on" and 1 or 0) return true end
for _, code in ipairs({ "NE", "DR", "DRL", "DE", "AL", "EX" }) do
  local f = R.results[code]
  if f then
    R.results[code] = function(b)
      if gpw.get("probe") == 1 then error("probe says " .. code .. ";") end
      return f(b)
    end
  end
end`

// The dice a failed command drew are spent: the real attack after a
// probe draws another die than the probe (over many seeds, about as
// often the same as chance gives), the same seed and commands give the
// same log byte for byte, and the save (its history holds the spent
// mark) replays to the same position.
func TestSpentDice(t *testing.T) {
	same := 0
	const seeds = 60
	for seed := int64(1); seed <= seeds; seed++ {
		var logs [2]string
		var dice [2]int
		for run := range 2 {
			g, err := hostileGame(t, "combat-zoc-retreat", probeBody, Options{Seed: seed, SeedSet: true})
			if err != nil {
				t.Fatal(err)
			}
			for _, cmd := range []string{"probe on", attack, "probe off", attack} {
				g.Exec(cmd)
			}
			var b strings.Builder
			for _, ev := range g.Log() {
				b.WriteString(ev.Text + "\n")
				if ev.Kind == "combat" {
					dice[run], _ = ev.Get("die").(int)
				}
			}
			logs[run] = b.String()
			if run == 0 {
				if !strings.Contains(logs[0], "are spent") || g.Spent() != 1 {
					t.Fatalf("seed %d: no spent dice in the log:\n%s", seed, logs[0])
				}
				checkSaveReloads(t, g)
			}
		}
		if logs[0] != logs[1] {
			t.Fatalf("seed %d: two runs of the same commands differ:\n%s\n---\n%s", seed, logs[0], logs[1])
		}
		// the probe's die, from a game without the probe's failure
		g, _ := hostileGame(t, "combat-zoc-retreat", "", Options{Seed: seed, SeedSet: true})
		g.Exec(attack)
		for _, ev := range g.Log() {
			if ev.Kind == "combat" {
				if d, _ := ev.Get("die").(int); d == dice[0] {
					same++
				}
			}
		}
	}
	// chance: 1 in 6 (10 of 60); all 60 before the dice were spent
	if same > 22 {
		t.Errorf("the attack after a probe drew the probe's die in %d of %d seeds", same, seeds)
	}
	t.Logf("the probe's die came again in %d of %d seeds", same, seeds)
}

// probingPlayer sends an attack that always fails after its die.
type probingPlayer struct{ calls int }

func (p *probingPlayer) Play(g *Game) error {
	p.calls++
	if p.calls > 100 {
		return errors.New("PlayOut took a failed command for progress")
	}
	g.Exec(attack)
	return nil
}

// A command that fails after its die is no progress for PlayOut, though
// its spent mark is in the history: the side passes by the defaults.
func TestSpentIsNoProgress(t *testing.T) {
	g, err := hostileGame(t, "combat-zoc-retreat", probeBody, Options{Seed: 1, SeedSet: true})
	if err != nil {
		t.Fatal(err)
	}
	g.Exec("probe on")
	p := &probingPlayer{}
	if err := PlayOut(g, p, p, 1); err != nil {
		t.Fatal(err)
	}
	if g.Spent() == 0 {
		t.Error("the probe spent no dice")
	}
}
