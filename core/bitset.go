package core

import "math/bits"

// Bitset is a fixed-size set of small non-negative integers (hex indices).
type Bitset []uint64

// NewBitset makes a set able to hold 0..n-1.
func NewBitset(n int) Bitset { return make(Bitset, (n+63)/64) }

// Set adds i.
func (b Bitset) Set(i int) { b[i>>6] |= 1 << (uint(i) & 63) }

// Unset removes i.
func (b Bitset) Unset(i int) { b[i>>6] &^= 1 << (uint(i) & 63) }

// Has reports whether i is in the set.
func (b Bitset) Has(i int) bool { return b[i>>6]&(1<<(uint(i)&63)) != 0 }

// Clear empties the set.
func (b Bitset) Clear() { clear(b) }

// Count is the number of members.
func (b Bitset) Count() int {
	n := 0
	for _, w := range b {
		n += bits.OnesCount64(w)
	}
	return n
}

// Each calls f for each member in increasing order.
func (b Bitset) Each(f func(i int)) {
	for k, w := range b {
		for w != 0 {
			t := bits.TrailingZeros64(w)
			f(k*64 + t)
			w &= w - 1
		}
	}
}
