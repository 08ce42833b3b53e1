package game

// ForceDice makes the game's next six-sided rolls the given faces, before
// its seeded dice: for a computer player's look-ahead on a clone (an
// attack judged by each face of the die in turn, so that no seeded die
// is seen before it is rolled). A game that is played, saved or replayed
// never calls it.
func (g *Game) ForceDice(faces ...int) {
	for _, f := range faces {
		if f < 1 || f > 6 {
			panic("game: ForceDice: a face is 1 to 6")
		}
	}
	g.dice.forced = append(append([]int(nil), faces...), g.dice.forced...)
}
