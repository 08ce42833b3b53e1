package bot

import (
	"testing"

	"gpw/core"
	"gpw/game"
)

// TestHusbandBarrenAttacks: in the defensive stance an attack on a
// column where the attacker may lose a step while the defender loses
// nothing (GDW's 1:1, the AL face) is worth nothing by its exchange of
// losses, only by what the tactics add; on the offensive, and at 3:1
// (no such face), it keeps its value.
func TestHusbandBarrenAttacks(t *testing.T) {
	n := nbr(t, "B-1005")
	for _, c := range []struct {
		name   string
		atk    []string
		stance Stance
		col    int
		zero   bool
	}{
		{"1:1 on the offensive", n[4:6], Offensive, 1, false},
		{"1:1 in the defensive stance", n[4:6], Defensive, 1, true},
		{"3:1 in the defensive stance", []string{n[4], n[5], n[0], n[1]}, Defensive, 3, false},
	} {
		g := newBoard(t, "axis-combat", units("axis", "infantry", 6, 3, 6, c.atk...)+units("soviet", "infantry", 8, 4, 6, "B-1005"), game.Options{})
		b := bound(t, g, core.Axis)
		b.stance.stance = c.stance
		if c.stance == Defensive {
			b.Doctrine = b.Doctrine.defensive()
		}
		v := b.newView(b.e, core.Axis)
		def, _ := g.Position().UnitByID("sov-in1")
		var atk []int
		for i := range c.atk {
			k, _ := g.Position().UnitByID("axi-in" + string(rune('1'+i)))
			atk = append(atk, k)
		}
		col, ok := b.weighCached(idx(t, g, "B-1005"), atk)
		if !ok || col != c.col {
			t.Fatalf("%s: column %d (ok %v), want %d", c.name, col, ok, c.col)
		}
		s := b.scoreAttack(v, option{def: def, hex: idx(t, g, "B-1005"), atk: atk, col: col, exact: true})
		if c.zero && s != 0 || !c.zero && s <= 0 {
			t.Errorf("%s: score %.3f, want %s", c.name, s, map[bool]string{true: "0", false: "> 0"}[c.zero])
		}
	}
}
