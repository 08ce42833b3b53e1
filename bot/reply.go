package bot

import (
	"gpw/game"
	"gpw/interp"
)

// reply.go values the enemy's attacks in the expert's look-ahead by
// playing them: the enemy's combat phase is played by the hard bot on a
// few dice samples, the same for every plan, and the side is valued by
// what it keeps.

// searchReplies is how many dice samples the enemy's combat phase is
// played on in a look-ahead.
const searchReplies = 2

// replyLoss plays the enemy's combat phase, which clone c is at (the
// enemy to act), on searchReplies clones, each on its own dice from
// the search's key (common to every plan), both sides by hard bots (the
// enemy attacking as hard does, the side deciding its battles), and
// answers the change in the side's holdings, averaged, and the first
// sample's clone at the phase's end.
func (b *Bot) replyLoss(c *game.Game) (float64, *game.Game) {
	side, foe := b.Side, b.Side.Enemy()
	before := b.holdings(c, side)
	var sum float64
	var first *game.Game
	for i := 0; i < searchReplies; i++ {
		cc := c.Clone()
		cc.ReseedDice(b.searchDice + uint64(i+1)*0x9e3779b97f4a7c15)
		var hs [2]*Bot
		hs[side] = b.newHelper(side)
		hs[foe], _ = New(foe, "hard", nil, 1)
		hs[foe].noModule = true
		playUntil(cc, hs, func(g *game.Game) bool {
			p := g.Phase()
			return p.Side != foe || p.Kind != interp.PhaseCombat
		})
		sum += b.holdings(cc, side) - before
		if first == nil {
			first = cc
		}
	}
	return sum / searchReplies, first
}
