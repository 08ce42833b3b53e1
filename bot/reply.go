package bot

import (
	"gpw/game"
	"gpw/interp"
)

// reply.go values the enemy's attacks in the expert's look-ahead by
// playing them: the rest of the enemy's turn from its combat phase is
// played by the hard bot on a few dice samples, the same for every plan,
// and the side is valued by what it keeps (strength and victory cities).

// searchReplies is how many dice samples the enemy's combat phase is
// played on in a look-ahead.
const searchReplies = 2

// replyLoss plays the enemy's player turn from its combat phase, which
// clone c is at (the enemy to act), on to the side's next phase
// (replyTurn), on searchReplies clones, each on its own dice from the
// search's key (common to every plan), both sides by hard bots (the
// enemy attacking and moving as hard does, the side deciding its
// battles), and answers the change in the side's value (replyWorth),
// averaged, and the first sample's clone where it stopped.
func (b *Bot) replyLoss(c *game.Game) (float64, *game.Game) {
	side, foe := b.Side, b.Side.Enemy()
	before := b.replyWorth(c)
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
			if replyTurn {
				return p.Side == side
			}
			return p.Side != foe || p.Kind != interp.PhaseCombat
		})
		sum += b.replyWorth(cc) - before
		if first == nil {
			first = cc
		}
	}
	return sum / searchReplies, first
}

// replyTurn plays the enemy's reply on to the end of its player turn
// (its moves after combat, what their supply and its other phases do to
// the side), not its combat phase only.
var replyTurn = true

// replyCities counts the victory cities in the reply's change: what the
// enemy takes in its turn is lost to the side, not only its strength.
var replyCities = true

// replyWorth is what the reply's change is measured on: the side's
// holdings, and with replyCities its value (the victory cities too).
func (b *Bot) replyWorth(c *game.Game) float64 {
	if replyCities {
		return b.value(c)
	}
	return b.holdings(c, b.Side)
}
