// Package sim runs house-rule experiments: the same games, seed for seed,
// under several rules modules (arms), with the differences between arms
// measured and given confidence intervals. It knows nothing of how a game
// is played: a Runner plays game i of arm a (sim/engine plays real ones).
//
// A results file is JSON lines: a Header, then one Record per game, in
// the order (game, arm), whatever the number of workers.
package sim

import (
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"sync"
)

// Format is the results file format this build writes and reads.
const Format = 2

// version is the gpw build, set with -ldflags "-X gpw/sim.version=...".
var version string

// Version names the gpw build: the linker's version, else the module's
// version and VCS revision from the build information, and a hash of the
// executable (so that shards played by different builds do not merge).
var Version = sync.OnceValue(func() string {
	if version != "" {
		return version
	}
	v := "gpw"
	if bi, ok := debug.ReadBuildInfo(); ok {
		v += " " + bi.Main.Version
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				v += " " + s.Value
			case "vcs.modified":
				if s.Value == "true" {
					v += "+modified"
				}
			}
		}
	}
	if exe, err := os.Executable(); err == nil {
		if f, err := os.Open(exe); err == nil {
			h := sha256.New()
			if _, err := io.Copy(h, f); err == nil {
				v += fmt.Sprintf(" build %x", h.Sum(nil)[:6])
			}
			f.Close()
		}
	}
	return v
})

// Arm is one rules variant under test; the first of an experiment is the
// baseline.
type Arm struct {
	// Name is how the report names the arm: its rules as given (gdw,
	// adc2, a module file, with +NAME=VALUE parameters), and its players
	// when an experiment has several.
	Name   string            `json:"name"`
	Rules  string            `json:"rules"`            // the module, without parameters
	Params map[string]string `json:"params,omitempty"` // the module's parameters set (game.Options.Params)
	Bot    Bots              `json:"bot"`              // the players
	Hash   string            `json:"hash"`             // of every rules module loaded (interp.Rules.Hash)
}

// Bots names the computer player of each side and its parameters.
type Bots struct {
	Axis   string `json:"axis"`
	Soviet string `json:"soviet"`
}

// String prints "axis=X soviet=Y".
func (b Bots) String() string { return fmt.Sprintf("axis=%s soviet=%s", b.Axis, b.Soviet) }

// Header is the first line of a results file: the experiment.
type Header struct {
	Format       int      `json:"sim_format"`
	Version      string   `json:"version"`
	Scenario     string   `json:"scenario"`
	ScenarioHash string   `json:"scenario_hash"`
	Arms         []Arm    `json:"arms"`
	Games        int      `json:"games"` // seed indices 0..Games-1
	Seed         int64    `json:"seed"`  // game i's seed is Seed+i
	Turns        int      `json:"turns"` // turns played at most; 0 for the whole scenario
	Bot          Bots     `json:"bot"`
	Cities       []string `json:"cities"` // the key cities recorded turn by turn
	// Setup is who makes the setup step: "bot" (the computer players, as
	// gpw run --bot does) or "auto" (the documented automatic rule).
	Setup string `json:"setup"`
	Shard *Shard `json:"shard,omitempty"`
	Until string `json:"until,omitempty"`
}

// SeedOf is the seed of game i: the same for every arm (common random
// numbers).
func (h *Header) SeedOf(i int) int64 { return h.Seed + int64(i) }

// Check reports whether rec belongs to the experiment: its arm, hashes
// and seed.
func (h *Header) Check(rec *Record) error {
	switch {
	case rec.Arm < 0 || rec.Arm >= len(h.Arms):
		return fmt.Errorf("game %d: arm %d is not one of the %d arms", rec.Game, rec.Arm, len(h.Arms))
	case rec.Game < 0 || rec.Game >= h.Games:
		return fmt.Errorf("game %d is outside 0..%d", rec.Game, h.Games-1)
	case rec.Rules != h.Arms[rec.Arm].Name || rec.RulesHash != h.Arms[rec.Arm].Hash && rec.Error == "":
		return fmt.Errorf("game %d arm %d: rules %s (hash %.12s) differ from the header's %s (%.12s)", rec.Game, rec.Arm, rec.Rules, rec.RulesHash, h.Arms[rec.Arm].Name, h.Arms[rec.Arm].Hash)
	case h.Arms[rec.Arm].Bot != (Bots{}) && rec.Bot != h.Arms[rec.Arm].Bot:
		return fmt.Errorf("game %d arm %d: players %s differ from the header's %s", rec.Game, rec.Arm, rec.Bot, h.Arms[rec.Arm].Bot)
	case rec.ScenarioHash != h.ScenarioHash:
		return fmt.Errorf("game %d arm %d: scenario hash %.12s differs from the header's %.12s", rec.Game, rec.Arm, rec.ScenarioHash, h.ScenarioHash)
	case rec.Seed != h.SeedOf(rec.Game):
		return fmt.Errorf("game %d arm %d: seed %d, expected %d", rec.Game, rec.Arm, rec.Seed, h.SeedOf(rec.Game))
	}
	if rec.Error != "" {
		return nil // a game that failed: its error, no play
	}
	if err := rec.consistent(); err != nil {
		return fmt.Errorf("game %d arm %d: %v", rec.Game, rec.Arm, err)
	}
	return nil
}

// consistent checks that the per-turn series have one entry per turn.
func (r *Record) consistent() error {
	n := len(r.Turns)
	switch {
	case n == 0:
		return fmt.Errorf("no turn played")
	case r.Length != n:
		return fmt.Errorf("length %d, but %d turns listed", r.Length, n)
	case len(r.Cities.Axis) != n || len(r.Cities.Soviet) != n:
		return fmt.Errorf("cities held for %d and %d turns, not %d", len(r.Cities.Axis), len(r.Cities.Soviet), n)
	case len(r.Standing) != n:
		return fmt.Errorf("standing for %d turns, not %d", len(r.Standing), n)
	case len(r.LostTurns.Axis) != n || len(r.LostTurns.Soviet) != n:
		return fmt.Errorf("strength lost for %d and %d turns, not %d", len(r.LostTurns.Axis), len(r.LostTurns.Soviet), n)
	case len(r.Weather) != n:
		return fmt.Errorf("weather for %d turns, not %d", len(r.Weather), n)
	}
	for c, s := range r.Key {
		if len(s) != n {
			return fmt.Errorf("key city %s held for %d turns, not %d", c, len(s), n)
		}
	}
	return nil
}

// Sides holds a number for each side.
type Sides struct {
	Axis   int `json:"axis"`
	Soviet int `json:"soviet"`
}

// Add adds n to side ("axis" or "soviet").
func (s *Sides) Add(side string, n int) {
	switch side {
	case "axis":
		s.Axis += n
	case "soviet":
		s.Soviet += n
	}
}

// Letters of the per-turn strings: who holds a city, who would win.
const (
	AxisMark   = 'A'
	SovietMark = 'S'
	NoneMark   = '-'
)

// Record is one game: who won, what was held turn by turn, what was lost.
type Record struct {
	Game         int    `json:"game"` // the seed index
	Arm          int    `json:"arm"`
	Rules        string `json:"rules"` // the arm's name
	Seed         int64  `json:"seed"`
	RulesHash    string `json:"rules_hash"`
	ScenarioHash string `json:"scenario_hash"`
	Version      string `json:"version"`
	Bot          Bots   `json:"bot"`

	// Error is why the game could not be played to its end (a rules
	// module's failure): such a record has nothing else but its replay.
	Error string `json:"error,omitempty"`
	// Replay is the gpw run command line that replays the game and
	// prints its verdict.
	Replay string `json:"replay,omitempty"`

	// Winner is axis, soviet or "" (no winner); Level the engine's
	// verdict: win (a condition that ends the game, or a module naming
	// the winner), decisive, marginal, default (no condition met: the
	// scenario's default winner) or draw.
	Winner string `json:"winner"`
	Level  string `json:"level"`
	// Verdict is the engine's verdict as gpw run prints it ("" for a game
	// cut short by the turn limit, judged by the sim).
	Verdict string `json:"verdict,omitempty"`
	// Score is the verdict as a number, positive for the Axis: win 3,
	// decisive 2, marginal 1, default and draw 0.
	Score   int    `json:"score"`
	EndTurn string `json:"end_turn"`
	Length  int    `json:"length"` // turns played
	// Truncated: the game was cut short by the turn limit and judged as
	// if the scenario had ended there.
	Truncated bool `json:"truncated,omitempty"`

	Turns  []string `json:"turns"` // the turns played, in order
	Cities struct { // cities held at the end of each turn
		Axis   []int `json:"axis"`
		Soviet []int `json:"soviet"`
	} `json:"cities"`
	// Key holds, for each key city, one letter per turn: who held it at
	// the end of that turn (A, S, -).
	Key map[string]string `json:"key"`
	// Standing is one letter per turn: who would have won had the game
	// ended then (A, S, -).
	Standing string `json:"standing"`

	// KeyStart is, for each key city in the header's order, who held it
	// when play began (A, S, -).
	KeyStart string `json:"key_start"`
	// Weather is the weather of each turn's last movement phase.
	Weather []string `json:"weather"`

	Lost      Sides    `json:"lost"` // attack strength lost in battle
	LostTurns struct { // the same, by the end of each turn (cumulative)
		Axis   []int `json:"axis"`
		Soviet []int `json:"soviet"`
	} `json:"lost_turns"`
	Battles map[string]map[string]int `json:"battles"` // by odds column, then result
	// Attacks counts battles by attacking side, then odds column.
	Attacks map[string]map[string]int `json:"attacks"`
	// Events counts the game's events of each kind, besides the
	// engine's bookkeeping (EventsSkipped): a module's surrenders,
	// isolations, fortifications; retreats, eliminations, stands.
	Events map[string]int `json:"events,omitempty"`
	// Refused counts refused commands; there should be none.
	Refused  int      `json:"refused"`
	Refusals []string `json:"refusals,omitempty"` // the first few
	// AxisHexes is, base64, one bit per hex (hex i: byte i/8, bit i%8):
	// controlled by the Axis at the end.
	AxisHexes string `json:"axis_hexes"`
}

// Failed reports whether the game could not be played (Error).
func (r *Record) Failed() bool { return r.Error != "" }

// Bits packs flags into the AxisHexes encoding.
func Bits(on []bool) string {
	b := make([]byte, (len(on)+7)/8)
	for i, v := range on {
		if v {
			b[i/8] |= 1 << (i % 8)
		}
	}
	return base64.StdEncoding.EncodeToString(b)
}

// Unbits reads n flags from the AxisHexes encoding.
func Unbits(s string, n int) ([]bool, error) {
	b, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		return nil, err
	}
	if len(b) != (n+7)/8 {
		return nil, fmt.Errorf("%d bytes for %d hexes", len(b), n)
	}
	out := make([]bool, n)
	for i := range out {
		out[i] = b[i/8]&(1<<(i%8)) != 0
	}
	return out, nil
}
