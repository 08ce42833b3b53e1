package game

// ReseedDice keys clone g's dice anew with seed, keeping the stream in
// use (turn, phase, purpose, battle): for a computer player's look-ahead
// on a clone, whose dice must come from the player's own random stream
// and never from the game's seeded dice, which a clone would otherwise
// roll before the game does. Two clones reseeded with the same seed
// draw the same die for the same purpose while they have not diverged
// (common random numbers between the plans compared). Forced dice are
// dropped. A game that is played, saved or replayed never calls it.
func (g *Game) ReseedDice(seed uint64) {
	at := g.dice.at
	g.dice = newDice(seedKey(seed), nil)
	g.dice.stream(at[0], at[1], at[2], at[3])
}
