package game

import (
	"crypto/sha256"
	"encoding/binary"
	"math/bits"
	"math/rand/v2"
	"slices"
)

// Dice purposes: each game draws its dice from streams keyed by what they
// are for (the weather and other rolls as a phase begins, battle k of a
// phase, module command k of a phase), so that two games that differ only
// in a rule get the same die for the same purpose while they have not
// diverged (common random numbers for experiments, gpw sim).
const (
	purposePhase   = 1 // the rolls as a phase begins or ends
	purposeBattle  = 2 // battle k of the phase
	purposeCommand = 3 // module command k of the phase
)

// dice is the engine's seeded dice: forced rolls first, then the stream
// of the purpose at hand. A stream is ChaCha8 keyed by a SHA-256 of the
// game's key and the purpose, so nothing short of the key predicts a die
// (the key is a 64-bit seed, or a 256-bit secret: gpw serve's fair dice).
type dice struct {
	key    [32]byte
	forced []int
	src    rand.ChaCha8
	at     [4]int // the stream in use: turn, phase, purpose, k
	// spent counts the commands that drew dice and then failed: each
	// moves every stream on (spend), so that the dice a failed command
	// drew are never drawn again (no oracle: a module cannot look at a
	// die and then refuse the command that drew it).
	spent int
}

// seedKey makes a dice key of a 64-bit seed.
func seedKey(seed uint64) [32]byte {
	var k [32]byte
	binary.LittleEndian.PutUint64(k[:], seed)
	return k
}

func newDice(key [32]byte, forced []int) dice {
	d := dice{key: key, forced: slices.Clone(forced)}
	d.stream(0, 0, purposePhase, 0)
	return d
}

// stream switches to the stream of purpose k in phase pos of turn.
func (d *dice) stream(turn, pos, purpose, k int) {
	var b [32 + 5*8]byte
	copy(b[:], d.key[:])
	d.at = [4]int{turn, pos, purpose, k}
	for i, v := range d.at {
		binary.LittleEndian.PutUint64(b[32+8*i:], uint64(v))
	}
	n := 32 + 4*8 // the streams of a game with no dice spent are as before
	if d.spent > 0 {
		binary.LittleEndian.PutUint64(b[n:], uint64(d.spent))
		n += 8
	}
	d.src = *rand.NewChaCha8(sha256.Sum256(b[:n]))
}

// spend moves the dice past a failed command's: the stream in use and
// every later one are keyed anew.
func (d *dice) spend() {
	d.spent++
	d.stream(d.at[0], d.at[1], d.at[2], d.at[3])
}

// roll draws a number in 1..n.
func (d *dice) roll(n int) int {
	if n == 6 && len(d.forced) > 0 {
		v := d.forced[0]
		d.forced = d.forced[1:]
		return v
	}
	// Lemire's method, unbiased.
	un := uint64(n)
	for {
		x := d.src.Uint64()
		hi, lo := bits.Mul64(x, un)
		if lo >= un || lo >= -un%un {
			return int(hi) + 1
		}
	}
}

func (d dice) clone() dice {
	d.forced = slices.Clone(d.forced)
	return d
}
