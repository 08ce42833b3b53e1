package game

import (
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
// of the purpose at hand.
type dice struct {
	seed   uint64
	forced []int
	pcg    rand.PCG
}

func newDice(seed uint64, forced []int) dice {
	d := dice{seed: seed, forced: slices.Clone(forced)}
	d.stream(0, 0, purposePhase, 0)
	return d
}

// stream switches to the stream of purpose k in phase pos of turn.
func (d *dice) stream(turn, pos, purpose, k int) {
	key := uint64(turn)<<40 ^ uint64(pos+1)<<28 ^ uint64(purpose)<<24 ^ uint64(k)
	d.pcg.Seed(d.seed, mix(key))
}

// mix scrambles a stream key (splitmix64's finaliser).
func mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
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
		x := d.pcg.Uint64()
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
