package game

// Rolls is how many dice the game has rolled so far. A computer player
// thinking on a Masked copy stops once the copy rolls one: PlayMasked
// gives the game the copy's commands only up to that die.
func (g *Game) Rolls() int { return g.rolls }
