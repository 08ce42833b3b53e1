// Package engine is the sim.Runner that plays real games: every game of
// an experiment shares the parsed scenario and map; each runs in its own
// game.Game, on the calling goroutine, and its record is read from the
// game's events as they happen.
package engine

import (
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"slices"
	"strconv"
	"strings"

	"gpw/core"
	"gpw/game"
	"gpw/interp"
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
	Name    string // the scenario as named on the command line
	Builtin fs.FS  // the built-in rules/ directory
	// Arms are the rules variants, MODULE[+NAME=VALUE...] (sim.ParseArm):
	// gdw, adc2 or module files, with the module's parameters; the first
	// is the baseline.
	Arms []string
	// Players are the players to try; none: Defaults. With several, the
	// arms are every rules arm under each (players first, then rules).
	Players []Players
	// Setup is who makes the setup step: "bot" (the players) or "auto"
	// (the documented automatic rule); "": bot, auto for Defaults.
	Setup string
	Turns int // turns to play at most; 0 for all
	// Cities are key cities recorded turn by turn, besides those the
	// scenario's victory conditions name.
	Cities []string
	// Budget limits each game's Lua work (game.Options.Budget); zero
	// fields take interp.DefaultBudget's.
	Budget interp.Budget
}

// arm is one arm as the engine plays it.
type arm struct {
	sim.Arm
	sc      *scenario.Scenario
	players Players
	turns   int // the scenario's turns under the arm
}

// Engine plays the games of an experiment.
type Engine struct {
	cfg    Config
	arms   []arm
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
	if len(cfg.Players) == 0 {
		cfg.Players = []Players{Defaults}
	}
	defaults := false
	for _, p := range cfg.Players {
		if p.Bots == Defaults.Bots {
			defaults = true
		}
	}
	switch cfg.Setup {
	case "":
		cfg.Setup = "bot"
		if defaults {
			cfg.Setup = "auto"
		}
	case "auto":
	case "bot":
		if defaults {
			return nil, fmt.Errorf("--setup bot: the engine's own play (--bot defaults) makes the automatic setup; give --setup auto")
		}
	default:
		return nil, fmt.Errorf("--setup %s: expected bot or auto", cfg.Setup)
	}
	e := &Engine{cfg: cfg}
	h := &e.header
	h.Format, h.Version, h.Scenario, h.Turns, h.Bot, h.Setup = sim.Format, sim.Version(), cfg.Name, cfg.Turns, cfg.Players[0].Bots, cfg.Setup
	sum, err := ScenarioHash(sc)
	if err != nil {
		return nil, err
	}
	h.ScenarioHash = sum
	var rules []arm
	for _, spec := range cfg.Arms {
		name, params, err := sim.ParseArm(spec)
		if err != nil {
			return nil, err
		}
		asc, err := e.scenarioFor(name)
		if err != nil {
			return nil, fmt.Errorf("--rules %s: %w", spec, err)
		}
		g, err := game.New(asc, game.Options{Rules: name, Params: params}, cfg.Builtin, nil)
		if err != nil {
			return nil, fmt.Errorf("--rules %s: %w", spec, err)
		}
		first, err1 := g.ParseTurn(asc.Start)
		last, err2 := g.ParseTurn(asc.End)
		hash := g.Rules.Hash()
		if err := errors.Join(err1, err2); err != nil {
			return nil, fmt.Errorf("--rules %s: %w", spec, err)
		}
		rules = append(rules, arm{Arm: sim.Arm{Name: sim.ArmName(name, params), Rules: name, Params: params, Hash: hash}, sc: asc, turns: last - first + 1})
	}
	for _, p := range cfg.Players {
		for _, r := range rules {
			r.players = p
			r.Bot = p.Bots
			if len(cfg.Players) > 1 {
				r.Name += " @" + p.Bots.Label()
			}
			e.arms = append(e.arms, r)
			h.Arms = append(h.Arms, r.Arm)
		}
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

// scenarioFor is the scenario as rules read it: as Load reads it, or
// else Scenario.
func (e *Engine) scenarioFor(rules string) (*scenario.Scenario, error) {
	if e.cfg.Load == nil {
		return e.cfg.Scenario, nil
	}
	return e.cfg.Load(rules)
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

// Replay is the gpw run command line that plays game seed of arm a
// again and prints its verdict: the same scenario, rules, parameters,
// seed, setup and players.
func (e *Engine) Replay(a int, seed int64) string {
	arm := &e.arms[a]
	args := []string{"gpw", "run", "--scenario", e.cfg.Name, "--rules", arm.Rules}
	for _, k := range slices.Sorted(maps.Keys(arm.Params)) {
		args = append(args, "--param", k+"="+arm.Params[k])
	}
	args = append(args, "--seed", strconv.FormatInt(seed, 10))
	if e.cfg.Setup == "auto" {
		args = append(args, "--auto-setup")
	}
	turns := e.cfg.Turns
	if arm.players.Bots == Defaults.Bots {
		if turns == 0 {
			turns = arm.turns
		}
		args = append(args, "--auto")
	} else {
		args = append(args, "--bot", "axis="+arm.Bot.Axis, "--bot", "soviet="+arm.Bot.Soviet)
	}
	if turns > 0 {
		args = append(args, "--turns", strconv.Itoa(turns))
	}
	for i, a := range args {
		args[i] = shellQuote(a)
	}
	return strings.Join(args, " ")
}

// shellQuote quotes s for a POSIX shell when it needs it.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=+,:@%") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// Play plays game i of arm a with seed (sim.Runner). A game that fails
// returns its error with a record that holds its replay.
func (e *Engine) Play(a, i int, seed int64) (*sim.Record, error) {
	arm := &e.arms[a]
	replay := e.Replay(a, seed)
	c := &collector{key: e.key}
	g, err := game.New(arm.sc, game.Options{Rules: arm.Rules, Params: arm.Params, Seed: seed, SeedSet: true, AutoSetup: e.cfg.Setup == "auto", Budget: e.cfg.Budget, NoUndo: true}, e.cfg.Builtin, c.sink)
	if err != nil {
		return &sim.Record{Replay: replay}, err
	}
	c.start(g)
	if err := arm.players.New(seed).Play(g, e.cfg.Turns); err != nil {
		return &sim.Record{Replay: replay}, fmt.Errorf("game %d (seed %d) under %s: %w", i, seed, arm.Name, err)
	}
	rec := c.finish()
	rec.Bot = arm.Bot
	rec.RulesHash = arm.Hash
	rec.Replay = replay
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
	cur      string   // the turn being played
	weather  []string // the weather rolled in the turn's movement phases
	last     judgement
	over     bool       // an end event was seen
	won      string     // the winner it named
	result   game.Level // its level
	winMet   [2]bool    // a condition that ends the game, or one judged at its end, was met for the side
}

// judgement is who would win were the game to end now.
type judgement struct {
	winner string
	level  game.Level
	score  int
}

// EventsSkipped are the event kinds a record does not count (Events):
// the engine's bookkeeping, counted elsewhere or once a game.
var EventsSkipped = []string{"phase", "move", "rail", "place", "arrive", "order", "error", "undo", "verdict", "end",
	"setup", "setup-end", "warning", "rolled", "combat", "loss", "points", "weather", "note", "victory", "mine", "summary"}

var skipped = func() map[string]bool {
	m := map[string]bool{}
	for _, k := range EventsSkipped {
		m[k] = true
	}
	return m
}()

func (c *collector) start(g *game.Game) {
	c.g = g
	c.cur = g.Turn().Name
	c.keyTurns = make([][]byte, len(c.key))
	c.rec.Battles = map[string]map[string]int{}
	c.rec.Attacks = map[string]map[string]int{}
	c.rec.Key = map[string]string{}
	start := make([]byte, len(c.key))
	for i, h := range c.key {
		start[i] = mark(g.Position().Control[h].String())
	}
	c.rec.KeyStart = string(start)
}

func (c *collector) sink(e game.Event) {
	if c.g == nil {
		return // setting up
	}
	str := func(k string) string { s, _ := e.Get(k).(string); return s }
	if !skipped[e.Kind.String()] {
		if c.rec.Events == nil {
			c.rec.Events = map[string]int{}
		}
		c.rec.Events[e.Kind.String()]++
	}
	switch e.Kind {
	case game.EventPhase:
		if t := str("turn"); t != c.cur {
			c.snapshot(c.cur)
			c.cur = t
		}
	case game.EventWeather:
		c.weather = append(c.weather, str("weather"))
	case game.EventVictory:
		if side, err := core.ParseSide(str("side")); err == nil && side <= core.Soviet && (level(str("result")) == game.LevelWin || str("when") == "end") {
			c.winMet[side] = true
		}
	case game.EventEnd:
		c.over, c.won, c.result = true, str("winner"), level(str("result"))
		c.snapshot(c.cur)
	case game.EventLoss:
		if k, ok := c.g.Position().UnitByID(str("unit")); ok {
			u := &c.g.Position().Units[k]
			c.rec.Lost.Add(u.Side.String(), stepLost(u))
		}
	case game.EventCombat:
		col, res := str("column"), str("result")
		if c.rec.Battles[col] == nil {
			c.rec.Battles[col] = map[string]int{}
		}
		c.rec.Battles[col][res]++
		side := c.g.Phase().Side.String()
		if c.rec.Attacks[side] == nil {
			c.rec.Attacks[side] = map[string]int{}
		}
		c.rec.Attacks[side][col]++
	case game.EventError:
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
	s, m := c.g.Position(), c.g.Position().Map
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
	c.rec.LostTurns.Axis = append(c.rec.LostTurns.Axis, c.rec.Lost.Axis)
	c.rec.LostTurns.Soviet = append(c.rec.LostTurns.Soviet, c.rec.Lost.Soviet)
	c.rec.Weather = append(c.rec.Weather, strings.Join(c.weather, ","))
	c.weather = c.weather[:0]
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

// level reads an event's result; one the engine does not write is no
// level ("").
func level(s string) game.Level {
	l, err := game.ParseLevel(s)
	if err != nil {
		return ""
	}
	return l
}

// judge names the winner from the victory conditions met: the side with
// the higher level (none on a tie); when none is met and every condition
// of the scenario is one side's, the other side wins by default (the
// scenario's "wins otherwise").
func judge(sc *scenario.Scenario, met []game.VictoryResult) judgement {
	var best [2]int
	var name [2]game.Level
	for _, v := range met {
		if l := v.Result.Rank(); v.Side <= core.Soviet && l > best[v.Side] {
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
			j.winner, j.level = side.Enemy().String(), game.LevelDefault
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

// finish completes the record when the players are done: the engine's
// verdict, or for a game cut short by the turn limit the judgement of
// its last turn.
func (c *collector) finish() *sim.Record {
	g := c.g
	if !g.Over() {
		c.rec.Truncated = true // judged by the last turn completed
	}
	if len(c.rec.Turns) == 0 {
		c.snapshot(c.cur)
	}
	j := c.last
	if c.over {
		j = verdict(c.won, c.result, c.winMet, g.Sc.Victory.Default)
		c.standing[len(c.standing)-1] = mark(c.won)
		c.rec.Verdict = g.VerdictText()
	}
	c.rec.Winner, c.rec.Level, c.rec.Score = j.winner, j.level.String(), j.score
	c.rec.EndTurn = c.rec.Turns[len(c.rec.Turns)-1]
	c.rec.Length = len(c.rec.Turns)
	for i, h := range c.key {
		c.rec.Key[g.Position().Map.Cities[g.Position().Map.CityAt[h]].Name] = string(c.keyTurns[i])
	}
	c.rec.Standing = string(c.standing)
	axis := make([]bool, g.Position().Map.Len())
	for h := range axis {
		axis[h] = g.Position().Control[h] == core.Axis
	}
	c.rec.AxisHexes = sim.Bits(axis)
	// A copy: a pointer into c would keep the whole game alive for as
	// long as the caller keeps the record.
	rec := c.rec
	c.g = nil
	return &rec
}

// verdict reads the engine's verdict (the end event's winner and
// result): a "win" of the scenario's default winner that none of its
// conditions gave (no "win" condition, none judged at the end) is a
// default; a draw names no one.
func verdict(winner string, result game.Level, winMet [2]bool, def string) judgement {
	side, err := core.ParseSide(winner)
	if err != nil || winner == "" || result == game.LevelDraw {
		return judgement{level: game.LevelDraw}
	}
	j := judgement{winner: winner, level: result, score: result.Rank()}
	if result == game.LevelWin && side <= core.Soviet && !winMet[side] && winner == def {
		j.level, j.score = game.LevelDefault, 0
	}
	if side == core.Soviet {
		j.score = -j.score
	}
	return j
}
