package game_test

import (
	"fmt"

	"gpw"
	"gpw/game"
)

// rulebookExample starts the rulebook's combat example (a retreat
// through a zone of control) with the die fixed, printing each event.
func rulebookExample() *game.Game {
	sc, err := game.LoadScenario(gpw.Data, "scenarios/rulebook/combat-zoc-retreat.toml", gpw.Data, "")
	if err != nil {
		panic(err)
	}
	show := func(e game.Event) { fmt.Printf("%s: %s\n", e.Kind, e.Text) }
	g, err := game.New(sc, game.Options{Dice: []int{2}}, gpw.Data, show)
	if err != nil {
		panic(err)
	}
	return g
}

// ExampleNew starts a scenario under its own rules.
func ExampleNew() {
	sc, err := game.LoadScenario(gpw.Data, "scenarios/rulebook/combat-zoc-retreat.toml", gpw.Data, "")
	if err != nil {
		fmt.Println(err)
		return
	}
	g, err := game.New(sc, game.Options{}, gpw.Data, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g.TurnName(g.Turn().Index), g.Phase().ID, g.Actor())
	// Output: Jul 1941 soviet-combat soviet
}

// ExampleGame_Exec plays the rulebook's combat example line by line; the
// sink given to New prints each event.
func ExampleGame_Exec() {
	g := rulebookExample()
	for _, line := range []string{
		"attack B-1603 from B-1503 B-1602 B-1703 B-1704",
		"retreat B-1604 B-1605",
		"advance sov-d",
	} {
		if err := g.Exec(line); err != nil {
			fmt.Println("refused:", err)
		}
	}
	// Output:
	// combat: ger-1 attacked: 34 against 6 = 5:1 (forest -1), column 4:1, die 2: DR
	// loss: ger-1 loses a step (strength 3)
	// retreat: ger-1 retreats B-1604 B-1605, 1 step(s) lost
	// advance: sov-d advances B-1704 → B-1603
}

// ExampleGame_Actions lists what the side to act may do: after a DR, the
// attacker picks the defender's retreat among those through the fewest
// enemy zones of control.
func ExampleGame_Actions() {
	g := rulebookExample()
	g.Exec("attack B-1603 from B-1503 B-1602 B-1703 B-1704")
	for _, c := range g.Actions().Commands() {
		fmt.Println(g.Text(c))
	}
	// Output:
	// combat: ger-1 attacked: 34 against 6 = 5:1 (forest -1), column 4:1, die 2: DR
	// retreat B-1604 B-1605
	// retreat B-1604 B-1505
	// retreat B-1504 B-1505
	// retreat B-1504 B-1404
}

// ExampleGame_Clone plays on a copy, as computer players do: the game
// itself does not change.
func ExampleGame_Clone() {
	g := rulebookExample()
	c := g.Clone() // streams no events until SetSink
	if err := c.Exec("attack B-1603 from B-1503 B-1602 B-1703 B-1704"); err != nil {
		fmt.Println(err)
	}
	fmt.Println("the clone waits for:", c.Actor())
	fmt.Println("the game is still in:", g.Phase().ID, "with", len(g.Actions().Attacks), "attack(s) to make")
	// Output:
	// the clone waits for: soviet
	// the game is still in: soviet-combat with 1 attack(s) to make
}
