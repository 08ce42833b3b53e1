package game

import (
	"slices"
	"testing"
)

// TestReseedDice: a clone reseeded draws its own dice, the same for the
// same seed, and the game's are untouched.
func TestReseedDice(t *testing.T) {
	g := &Game{}
	g.dice = newDice(seedKey(1), nil)
	g.dice.stream(3, 2, purposeBattle, 1)
	rolls := func(x *Game) []int {
		var out []int
		for i := 0; i < 20; i++ {
			out = append(out, x.dice.roll(6))
		}
		return out
	}
	a, b, c := *g, *g, *g
	a.dice, b.dice, c.dice = g.dice.clone(), g.dice.clone(), g.dice.clone()
	a.ReseedDice(99)
	b.ReseedDice(99)
	mine := rolls(&c)
	ra, rb := rolls(&a), rolls(&b)
	if !slices.Equal(ra, rb) {
		t.Errorf("two clones reseeded alike roll %v and %v", ra, rb)
	}
	if slices.Equal(ra, mine) {
		t.Errorf("a reseeded clone rolls the game's dice %v", mine)
	}
	if a.dice.at != g.dice.at {
		t.Errorf("the stream in use moved: %v, was %v", a.dice.at, g.dice.at)
	}
	if again := rolls(g); !slices.Equal(again, mine) {
		t.Errorf("the game's dice changed: %v, want %v", again, mine)
	}
}
