package game

// fogplay.go: computer players under hidden information. A bot thinks on
// a copy of the game as its side sees it (Masked); its commands are then
// carried out in the game itself (PlayMasked).

import (
	"fmt"

	"gpw/core"
)

// Masked is a copy of the game as side sees it, for a computer player to
// think on: each enemy unit side does not see has the fog's guessed
// strength (Fog.Guess, else the mean full strength of its side's order of
// battle, which is public), is at full strength, and has the commonest
// kind of its movement class among its side's units, so the engine's
// rules treat it as before. With no fog it is a plain clone. The copy's
// own computer players do not mask it again (IsMasked).
func (g *Game) Masked(side core.Side) *Game {
	v := g.SightOf(side)
	c := g.Clone()
	if v == nil {
		return c
	}
	c.masked = true
	enemy := side.Enemy()
	guess := v.fog.Guess[side]
	if guess == 0 {
		sum, n := 0, 0
		for k := range g.S.Units {
			if u := &g.S.Units[k]; u.Side == enemy && u.Stacks && u.Attack[0] > 0 {
				sum, n = sum+u.Attack[0], n+1
			}
		}
		if n > 0 {
			guess = max(1, (sum+n/2)/n)
		}
	}
	kinds := map[int]string{} // class → its commonest kind among the enemy's units
	count := map[[2]any]int{}
	for k := range g.S.Units {
		u := &g.S.Units[k]
		if u.Side != enemy {
			continue
		}
		key := [2]any{u.Class, u.Kind}
		count[key]++
		if best, ok := kinds[u.Class]; !ok || count[key] > count[[2]any{u.Class, best}] {
			kinds[u.Class] = u.Kind
		}
	}
	for k := range c.S.Units {
		u := &c.S.Units[k]
		if u.Side != enemy || v.Sees(k) || !u.Stacks {
			continue
		}
		id := *u.Ident
		id.Kind, id.Name = kinds[u.Class], ""
		u.Ident = &id
		u.Attack, u.Defense, u.Reduced = [2]int{guess, guess / 2}, [2]int{guess, guess / 2}, false
	}
	return c
}

// IsMasked reports whether the game is a copy made by Masked.
func (g *Game) IsMasked() bool { return g.masked }

// PlayMasked plays side's part of the game with play (a computer
// player's Play) thinking on Masked copies: the commands it gives on a
// copy are given to the game, one by one, until one draws a die or hands
// the game to the other side (what follows depends on what the copy
// could not know), or the game refuses one; then it thinks again on a
// fresh copy. Without fog, or on a masked copy, it is play(g).
func (g *Game) PlayMasked(side core.Side, play func(*Game) error) error {
	if g.Fog() == nil || g.masked {
		return play(g)
	}
	for guard := 0; ; guard++ {
		if g.over || g.Actor() != side {
			return nil
		}
		if guard > 10000 {
			return fmt.Errorf("the %s computer player does not advance in %s", side, g.Phase().ID)
		}
		m := g.Masked(side)
		base := m.history.Len()
		err := play(m)
		cmds := m.history.since(base)
		if len(cmds) == 0 {
			if err == nil {
				err = fmt.Errorf("the %s computer player gave no command in %s", side, g.Phase().ID)
			}
			return err
		}
		done := 0
		for _, line := range cmds {
			rolls := g.rolls
			if e := g.ExecAs(side, line); e != nil {
				if IsRefusal(e) {
					break // think again on the game as it stands
				}
				return e
			}
			done++
			if g.rolls != rolls || g.over || g.Actor() != side {
				break
			}
		}
		if done == 0 {
			return fmt.Errorf("the %s computer player's command %q, chosen on what it sees, was refused", side, cmds[0])
		}
	}
}

// since returns the commands after the first n, oldest first.
func (h *history) since(n int) []string {
	var out []string
	for l := h; l != nil && l.n > n; l = l.prev {
		out = append(out, l.text)
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}
