package serve

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
)

// Secret is a game's dice secret: drawn by the server when the game is
// created, committed to by its hash from the first move, and revealed
// when the game ends. The engine's seed is derived from it.
type Secret [32]byte

// NewSecret draws a secret from the operating system's random source.
func NewSecret() (Secret, error) {
	var s Secret
	_, err := rand.Read(s[:])
	return s, err
}

// ParseSecret reads a secret written as 64 hex digits.
func ParseSecret(s string) (Secret, error) {
	var out Secret
	b, err := hex.DecodeString(s)
	if err != nil || len(b) != len(out) {
		return out, fmt.Errorf("dice secret %q: expected %d hex digits", s, 2*len(out))
	}
	copy(out[:], b)
	return out, nil
}

func (s Secret) String() string { return hex.EncodeToString(s[:]) }

// Commitment is the SHA-256 of the secret, in hex: shown to both players
// before any die is drawn, it binds the server to the dice.
func (s Secret) Commitment() string {
	h := sha256.Sum256(s[:])
	return hex.EncodeToString(h[:])
}

// Entry is one accepted command in a game's record, linked to the one
// before it by its hash (the first to the dice commitment).
type Entry struct {
	Seq     int    `json:"seq"`
	At      string `json:"at"` // when it was accepted, RFC 3339
	Side    string `json:"side"`
	By      string `json:"by"` // player or bot
	Command string `json:"command"`
	Dice    []int  `json:"dice"`  // the dice it drew, in order, as the log shows them
	Rolls   int    `json:"rolls"` // how many dice it drew
	Prev    string `json:"prev"`
	Hash    string `json:"hash"`
}

// Digest is the entry's hash: SHA-256 over its fields and the previous
// hash, one per line.
func (e *Entry) Digest() string {
	dice := make([]string, len(e.Dice))
	for i, d := range e.Dice {
		dice[i] = strconv.Itoa(d)
	}
	text := strings.Join([]string{e.Prev, strconv.Itoa(e.Seq), e.At, e.Side, e.By, e.Command, strings.Join(dice, ","), strconv.Itoa(e.Rolls)}, "\n")
	h := sha256.Sum256([]byte(text))
	return hex.EncodeToString(h[:])
}
