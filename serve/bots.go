package serve

// bots.go wires the computer players of package bot into the server. A
// bot plays on a replica of the game (the same scenario, seed and
// commands); the commands it gave there are then given, one at a time, to
// the game itself, which records each with its dice. The replica draws the
// same dice, so the two stay the same.

import (
	"fmt"

	"gpw/bot"
	"gpw/core"
)

// Computer is a computer player a solo game may choose.
type Computer struct {
	Name string `json:"name"`
	Text string `json:"text"`
}

// Computers lists the computer players: the bot's levels, and pass.
func Computers() []Computer {
	out := []Computer{}
	for _, l := range bot.Levels {
		out = append(out, Computer{l.Name, l.Text})
	}
	return append(out, Computer{"pass", "makes no move: sets up and places its reinforcements by the automatic rule, settles its battles' choices by the documented defaults and ends each of its phases"})
}

// opponent is a computer player: a bot of package bot, or pass, with its
// replica of the game. It thinks without holding the game's lock.
type opponent struct {
	level   string
	b       *bot.Bot
	replica *engine
}

// newOpponent makes the computer player of a level, nil for an unknown one.
func newOpponent(level string) *opponent {
	if _, err := bot.LevelByName(level); err != nil && level != "pass" {
		return nil
	}
	return &opponent{level: level}
}

// sync brings the replica to the game's commands: the ones given since,
// or the whole game again after an undo.
func (p *opponent) sync(pos position) error {
	if p.replica == nil {
		r, err := pos.lib.open(pos.spec, pos.secret, pos.cmds, pos.sides)
		if err != nil {
			return err
		}
		p.replica = r
		return nil
	}
	return p.replica.moveTo(pos.cmds, pos.sides)
}

// next answers the commands the computer gives now as side in the game at
// pos: its part of the game until the other side must act, or its answer
// to the other side's battle (standing).
func (p *opponent) next(pos position, side string) ([]string, error) {
	if err := p.sync(pos); err != nil {
		return nil, err
	}
	g := p.replica.g
	if p.level == "pass" {
		return p.replay(side, func() error { return passive(p.replica, side) })
	}
	if p.b == nil {
		sd, _ := core.ParseSide(side)
		b, err := bot.ForGame(g, sd, p.level)
		if err != nil {
			return nil, err
		}
		p.b = b
	}
	return p.replay(side, func() error {
		if p.replica.actor() == side {
			return p.b.Play(g)
		}
		_, err := p.b.Stand(g) // its unit may stand instead of retreating
		return err
	})
}

// replay runs play on the replica and answers the commands it gave there
// as side, which the replica records as given.
func (p *opponent) replay(side string, play func() error) ([]string, error) {
	g := p.replica.g
	base := len(g.Snapshot().Commands)
	err := play()
	cmds := g.Snapshot().Commands[base:]
	p.replica.cmds = append(p.replica.cmds, cmds...)
	for range cmds {
		p.replica.sides = append(p.replica.sides, side)
	}
	if err != nil && len(cmds) == 0 {
		return nil, fmt.Errorf("bot %s: %v", side, err)
	}
	return cmds, nil
}
