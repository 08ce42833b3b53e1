// Package engine is the sim.Runner that plays real games: every game of
// an experiment shares the parsed scenario and map; each runs in its own
// game.Game, on the calling goroutine, and its record is read from the
// game's events as they happen.
package engine

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io/fs"
	"slices"

	"gpw/core"
	"gpw/game"
	"gpw/scenario"
	"gpw/sim"
)

// Player plays both sides of a game: to the scenario's end, or for turns
// turns from the start when turns > 0.
type Player interface {
	Play(g *game.Game, turns int) error
}

// Players makes the players of one game from its seed; Bots names them
// and their parameters for the records.
type Players struct {
	New  func(seed int64) Player
	Bots sim.Bots
}

// Defaults is the engine's own play (gpw run --auto --turns): each phase
// ended at once, every choice by its documented default. No one attacks.
var Defaults = Players{
	New:  func(int64) Player { return defaults{} },
	Bots: sim.Bots{Axis: "defaults", Soviet: "defaults"},
}

type defaults struct{}

func (defaults) Play(g *game.Game, turns int) error { return g.PlayTurns(turnsOr(turns)) }

// turnsOr is the turn limit for PlayTurns: all turns when 0.
func turnsOr(turns int) int {
	if turns > 0 {
		return turns
	}
	return 1 << 20
}

// Config describes the games of an experiment.
type Config struct {
	Scenario *scenario.Scenario // read under the first arm's rules
	// Load reads the scenario under an arm's rules (game.LoadScenario),
	// whose turns and kinds may differ from the first's; nil: Scenario
	// serves every arm.
	Load    func(rules string) (*scenario.Scenario, error)
	Name    string   // the scenario as named on the command line
	Builtin fs.FS    // the built-in rules/ directory
	Arms    []string // rules variants: gdw, adc2 or module files; the first is the baseline
	Turns   int      // turns to play at most; 0 for all
	// Cities are key cities recorded turn by turn, besides those the
	// scenario's victory conditions name.
	Cities  []string
	Players Players
}

// Engine plays the games of an experiment.
type Engine struct {
	cfg    Config
	scs    []*scenario.Scenario // the scenario as each arm reads it
	header sim.Header
	key    []int // key city hexes
}

// New checks that every arm loads with the scenario and prepares the
// header of the experiment.
func New(cfg Config) (*Engine, error) {
	sc := cfg.Scenario
	if len(cfg.Arms) == 0 {
		return nil, fmt.Errorf("no rules to try: give --rules at least once")
	}
	if cfg.Players.New == nil {
		cfg.Players = Defaults
	}
	e := &Engine{cfg: cfg}
	h := &e.header
	h.Format, h.Version, h.Scenario, h.Turns, h.Bot = sim.Format, sim.Version(), cfg.Name, cfg.Turns, cfg.Players.Bots
	sum, err := ScenarioHash(sc)
	if err != nil {
		return nil, err
	}
	h.ScenarioHash = sum
	for _, a := range cfg.Arms {
		asc, err := e.scenarioFor(a)
		if err != nil {
			return nil, fmt.Errorf("--rules %s: %w", a, err)
		}
		e.scs = append(e.scs, asc)
		g, err := game.New(asc, game.Options{Rules: a}, cfg.Builtin, nil)
		if err != nil {
			return nil, fmt.Errorf("--rules %s: %w", a, err)
		}
		h.Arms = append(h.Arms, sim.Arm{Name: a, Hash: g.Rules.Hash()})
		g.Close()
	}
	for _, name := range KeyCities(sc, cfg.Cities) {
		c, ok := sc.Map.FindCity(name)
		if !ok {
			return nil, fmt.Errorf("--cities: %s is not a city of the %s map", name, sc.Map.Name)
		}
		h.Cities = append(h.Cities, c.Name)
		e.key = append(e.key, c.Hex)
	}
	return e, nil
}

// scenarioFor is the scenario as arm a reads it: as Load reads it, or
// else Scenario.
func (e *Engine) scenarioFor(a string) (*scenario.Scenario, error) {
	if e.cfg.Load == nil {
		return e.cfg.Scenario, nil
	}
	return e.cfg.Load(a)
}

// Header is the experiment's header, without games, seed and shard.
func (e *Engine) Header() sim.Header {
	h := e.header
	h.Arms = slices.Clone(h.Arms)
	h.Cities = slices.Clone(h.Cities)
	return h
}

// KeyCities lists the cities the scenario's victory conditions name, in
// file order, then extra ones, each once.
func KeyCities(sc *scenario.Scenario, extra []string) []string {
	var out []string
	add := func(names []string) {
		for _, n := range names {
			if !slices.Contains(out, n) {
				out = append(out, n)
			}
		}
	}
	for _, c := range sc.Victory.Condition {
		add(c.Require)
		add(c.Cities)
	}
	add(extra)
	return out
}

// ScenarioHash is a SHA-256 of the scenario as loaded: its files, unit
// catalogue, schedules, special rules and map, not where it was read.
func ScenarioHash(sc *scenario.Scenario) (string, error) {
	c := *sc
	c.File, c.SpecialPath = "", ""
	b, err := json.Marshal(&c)
	if err != nil {
		return "", fmt.Errorf("scenario hash: %v", err)
	}
	return fmt.Sprintf("%x", sha256.Sum256(b)), nil
}

// Play plays game i of arm a with seed (sim.Runner).
func (e *Engine) Play(arm, i int, seed int64) (*sim.Record, error) {
	c := &collector{key: e.key}
	g, err := game.New(e.scs[arm], game.Options{Rules: e.cfg.Arms[arm], Seed: seed, SeedSet: true, AutoSetup: true}, e.cfg.Builtin, c.sink)
	if err != nil {
		return nil, err
	}
	defer g.Close()
	c.start(g)
	if err := e.cfg.Players.New(seed).Play(g, e.cfg.Turns); err != nil {
		return nil, fmt.Errorf("game %d (seed %d) under %s: %w", i, seed, e.cfg.Arms[arm], err)
	}
	rec := c.finish()
	rec.Bot = e.cfg.Players.Bots
	rec.RulesHash = e.header.Arms[arm].Hash
	return rec, nil
}

// MaxRefusals is how many refusal messages a record keeps.
const MaxRefusals = 3

// collector builds a game's record from its events.
type collector struct {
	g        *game.Game
	key      []int
	rec      sim.Record
	keyTurns [][]byte
	standing []byte
	cur      string // the turn being played
	last     judgement
	won      string // the winner named by an end event
}

// judgement is who would win were the game to end now.
type judgement struct {
	winner, level string
	score         int
}

func (c *collector) start(g *game.Game) {
	c.g = g
	c.cur = g.Turn().Name
	c.keyTurns = make([][]byte, len(c.key))
	c.rec.Battles = map[string]map[string]int{}
	c.rec.Key = map[string]string{}
}

func (c *collector) sink(e game.Event) {
	if c.g == nil {
		return // setting up
	}
	str := func(k string) string { s, _ := e.Get(k).(string); return s }
	switch e.Kind {
	case "phase":
		if t := str("turn"); t != c.cur {
			c.snapshot(c.cur)
			c.cur = t
		}
	case "end":
		c.won = str("winner")
		c.snapshot(c.cur)
	case "loss":
		if k, ok := c.g.S.UnitByID(str("unit")); ok {
			u := &c.g.S.Units[k]
			c.rec.Lost.Add(u.Side.String(), stepLost(u))
		}
	case "combat":
		col, res := str("column"), str("result")
		if c.rec.Battles[col] == nil {
			c.rec.Battles[col] = map[string]int{}
		}
		c.rec.Battles[col][res]++
	case "error":
		c.rec.Refused++
		if len(c.rec.Refusals) < MaxRefusals {
			c.rec.Refusals = append(c.rec.Refusals, str("command")+": "+str("error"))
		}
	}
}

// stepLost is the attack strength unit u has just lost in one step:
// reduced, it lost the difference; eliminated, what it had (its half
// side if it has one, else its full side).
func stepLost(u *core.Unit) int {
	switch {
	case u.Status == core.OnMap && u.Reduced:
		return u.Attack[0] - u.Attack[1]
	case u.HasHalf():
		return u.Attack[1]
	}
	return u.Attack[0]
}

// snapshot records the end of turn t.
func (c *collector) snapshot(t string) {
	if n := len(c.rec.Turns); n > 0 && c.rec.Turns[n-1] == t {
		return
	}
	s, m := c.g.S, c.g.S.Map
	c.rec.Turns = append(c.rec.Turns, t)
	var ax, so int
	for _, city := range m.Cities {
		switch s.Control[city.Hex] {
		case core.Axis:
			ax++
		case core.Soviet:
			so++
		}
	}
	c.rec.Cities.Axis = append(c.rec.Cities.Axis, ax)
	c.rec.Cities.Soviet = append(c.rec.Cities.Soviet, so)
	for i, h := range c.key {
		c.keyTurns[i] = append(c.keyTurns[i], mark(s.Control[h].String()))
	}
	c.last = judge(c.g.Sc, c.g.CheckVictory("end"))
	c.standing = append(c.standing, mark(c.last.winner))
}

func mark(side string) byte {
	switch side {
	case "axis":
		return sim.AxisMark
	case "soviet":
		return sim.SovietMark
	}
	return sim.NoneMark
}

// levels rank victory results.
var levels = map[string]int{"win": 3, "decisive": 2, "marginal": 1}

// judge names the winner from the victory conditions met: the side with
// the higher level (none on a tie); when none is met and every condition
// of the scenario is one side's, the other side wins by default (the
// scenario's "wins otherwise").
func judge(sc *scenario.Scenario, met []game.VictoryResult) judgement {
	var best [2]int
	var name [2]string
	for _, v := range met {
		if l := levels[v.Result]; v.Side <= core.Soviet && l > best[v.Side] {
			best[v.Side], name[v.Side] = l, v.Result
		}
	}
	j := judgement{score: best[core.Axis] - best[core.Soviet]}
	switch {
	case best[core.Axis] > best[core.Soviet]:
		j.winner, j.level = "axis", name[core.Axis]
	case best[core.Soviet] > best[core.Axis]:
		j.winner, j.level = "soviet", name[core.Soviet]
	case best[core.Axis] == 0:
		if side, ok := onlySide(sc); ok {
			j.winner, j.level = side.Enemy().String(), "default"
		}
	}
	return j
}

// onlySide reports the one side all the scenario's victory conditions
// belong to.
func onlySide(sc *scenario.Scenario) (core.Side, bool) {
	side := core.NoSide
	for _, c := range sc.Victory.Condition {
		s, err := core.ParseSide(c.Side)
		if err != nil || (side != core.NoSide && s != side) {
			return core.NoSide, false
		}
		side = s
	}
	return side, side != core.NoSide
}

// finish completes the record when the players are done.
func (c *collector) finish() *sim.Record {
	g := c.g
	if !g.Over() {
		c.rec.Truncated = true // judged by the last turn completed
	}
	if len(c.rec.Turns) == 0 {
		c.snapshot(c.cur)
	}
	j := c.last
	if c.won != "" {
		j = judgement{winner: c.won, level: "win", score: 3}
		if c.won == "soviet" {
			j.score = -3
		}
		c.standing[len(c.standing)-1] = mark(c.won)
	}
	c.rec.Winner, c.rec.Level, c.rec.Score = j.winner, j.level, j.score
	c.rec.EndTurn = c.rec.Turns[len(c.rec.Turns)-1]
	c.rec.Length = len(c.rec.Turns)
	for i, h := range c.key {
		c.rec.Key[g.S.Map.Cities[g.S.Map.CityAt[h]].Name] = string(c.keyTurns[i])
	}
	c.rec.Standing = string(c.standing)
	axis := make([]bool, g.S.Map.Len())
	for h := range axis {
		axis[h] = g.S.Control[h] == core.Axis
	}
	c.rec.AxisHexes = sim.Bits(axis)
	// A copy: a pointer into c would keep the whole game alive for as
	// long as the caller keeps the record.
	rec := c.rec
	c.g = nil
	return &rec
}
