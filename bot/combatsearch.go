package bot

import (
	"fmt"
	"strings"

	"gpw/core"
	"gpw/game"
)

// combatsearch.go is the expert's search over its attacks: as its combat
// phase begins it plays a few attack plans (the hard bot's way of
// attacking with its appetite for losses changed, with the victory
// cities worth more, or with noise that picks other attacks of about
// the same worth) through the phase on clones, each on the same few
// dice samples from the bot's own stream, values where each leaves the
// side as the movement search does (stretchValue: the enemy's reply
// played out; in the last turn the game played to its end), and attacks
// by the best.

// combatVariants are the attack plans the expert compares, the hard
// bot's own first: bold (attacks at thinner odds), cities (a victory
// city three times its worth, a capital twice: attacks that retake or
// take them), all-in for a side that must win only (a victory city five
// times its worth, a capital three times, aggression 0.95: with it the
// expert Axis, moving by citiesMoves, won 29% of seeds 1–150 against the
// hard Soviets and 28% of 151–300; without it 27% and 21%), sparing (a
// passive plan: fewer attacks); the rest of the
// combatPlans are noisy, except for a side that must win (mustWinPlain):
// a noisy plan's gain over the hard bot's on two dice samples is mostly
// the samples' luck (one position, six pairs of samples: attack-cities
// against attack-as-is from −37 to +36 points), and the side that must
// win lost by them.
var combatVariants = []searchPlan{
	{name: "attack-as-is"},
	{name: "attack-bold", change: func(d *Doctrine) {
		d.Aggression = min(d.Aggression+0.3, 0.95)
	}},
	{name: "attack-cities", change: forCities},
	{name: "attack-all-in", mustWin: true, change: func(d *Doctrine) {
		d.VictoryCity *= 5
		d.Capital *= 3
		d.Aggression = 0.95
	}},
	{name: "attack-sparing", passive: true, change: func(d *Doctrine) {
		d.Aggression = max(d.Aggression-0.3, 0)
	}},
}

// combatPlans is how many attack plans the expert compares in a combat
// phase (0: it attacks as the hard bot does), and combatSamples the dice
// samples each is played on (searchEnds in the last turn).
const combatPlans, combatSamples = 5, 2

// searchCombat plans the side's combat phase, which g is at (the side to
// act, no attack made yet): each attack plan played on clones, and the
// bot set to attack by the best.
func (b *Bot) searchCombat(g *game.Game) {
	if g.Actor() != b.Side {
		return
	}
	last := b.lastTurn(g)
	at, foe, found := b.beginStretch(g, []string{g.Phase().ID})
	if found {
		return
	}
	var plans []searchPlan
	for _, pl := range combatVariants {
		if pl.mustWin && !b.mustWin() {
			continue
		}
		if len(plans) < combatPlans && (!pl.passive || !b.mustWin()) {
			pl.seed = b.rng.Uint64()
			plans = append(plans, pl)
		}
	}
	for i := 1; len(plans) < combatPlans && !(mustWinPlain && b.mustWin()); i++ {
		plans = append(plans, searchPlan{name: fmt.Sprintf("attack-noisy-%d", i), noise: searchNoise, seed: b.rng.Uint64()})
	}
	n := combatSamples
	if last {
		n = searchEnds
	}
	dice := make([]uint64, n)
	for i := range dice {
		dice[i] = b.rng.Uint64()
	}
	b.searchDice = b.rng.Uint64()
	scores := make([]float64, len(plans))
	known := make([]map[uint64]float64, n) // by sample, the position a plan's attacks leave
	for i, pl := range plans {
		for s, seed := range dice {
			if known[s] == nil {
				known[s] = map[uint64]float64{}
			}
			c := g.Clone()
			c.ReseedDice(seed)
			scores[i] += b.playAttacks(c, pl, foe, known[s], last) / float64(n)
		}
	}
	b.choosePlan(g, at, plans, scores)
}

// playAttacks plays attack plan pl on clone c (which it consumes)
// through the side's combat phase, the side by the hard bot playing the
// plan and the enemy deciding its battles as the hard bot does, and
// answers what the side is left with: stretchValue, or in the last turn
// the value at the game's end, played on by hard bots.
func (b *Bot) playAttacks(c *game.Game, pl searchPlan, foe Doctrine, known map[uint64]float64, last bool) float64 {
	side, id := b.Side, c.Phase().ID
	hs := b.planBots(pl, foe)
	playUntil(c, hs, func(g *game.Game) bool { return g.Phase().ID != id })
	for _, h := range hs {
		b.searchUses += moduleUses(h)
	}
	key := positionKey(c)
	if v, ok := known[key]; ok {
		return v
	}
	var v float64
	if last {
		hs[side], _ = New(side, "hard", &b.base, 1)
		hs[side].quickModule, hs[side].noModule = searchModules, !searchModules
		hs[side.Enemy()].halt = nil
		for i := 0; i < 400 && !c.Over(); i++ {
			a := c.Actor()
			if a != core.Axis && a != core.Soviet {
				break
			}
			if err := hs[a].Play(c); err != nil {
				break
			}
		}
		v = b.value(c)
	} else {
		v = b.stretchValue(c)
	}
	known[key] = v
	return v
}

// moduleUses counts the module commands bot h has made.
func moduleUses(h *Bot) int {
	n := 0
	for t, k := range h.Tactics {
		if strings.HasPrefix(t, "module:") {
			n += k
		}
	}
	return n
}
