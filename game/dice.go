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
	var b [32 + 4*8]byte
	copy(b[:], d.key[:])
	for i, v := range []int{turn, pos, purpose, k} {
		binary.LittleEndian.PutUint64(b[32+8*i:], uint64(v))
	}
	d.src = *rand.NewChaCha8(sha256.Sum256(b[:]))
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
