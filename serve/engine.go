package serve

// engine.go is the one file that speaks to the game package (bots.go
// apart): every other file of the server sees a game only through an
// engine. The legal actions, whose turn it is, undo and the order of a
// battle's decisions are the game's own (Actions, Actor, undo, nostand).

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"
	"sync/atomic"

	"gpw/core"
	"gpw/game"
	"gpw/interp"
	"gpw/scenario"
)

// Spec is what a game starts from: a built-in scenario under a rules
// variant or a house module, set up by the automatic rule or by hand.
type Spec struct {
	// Upload is the files of a scenario that is not built in: uploaded,
	// or read from the server's folder (local/NAME) when the game began.
	Upload    *Upload `json:"upload,omitempty"`
	Scenario  string  `json:"scenario"`         // a built-in name: gdw/barbarossa
	Rules     string  `json:"rules,omitempty"`  // gdw, adc2, "" for the scenario's; ignored with Module
	Module    *Module `json:"module,omitempty"` // a house rules module
	AutoSetup bool    `json:"auto_setup"`
	// Params set the rules module's parameters by name (R.params;
	// game.Options.Params), checked when the game starts.
	Params map[string]string `json:"params,omitempty"`
}

// Module is a house rules module sent by a player: its file name and text.
// It may require the built-in modules (base, adc2).
type Module struct {
	Name   string `json:"name"`
	Source string `json:"source"`
}

// Library is where games come from: the built-in data and a folder for
// house modules.
type Library struct {
	Data    fs.FS  // rules/, maps/ and scenarios/
	Modules string // folder where house modules are written to be loaded
	Local   fs.FS  // a designer's folder of scenarios (local/NAME), or nil

	mods    modules
	uploads scenarioUploads // scenquota.go
}

// Refusal is a command the server or the rules refused: the game is
// unchanged.
type Refusal struct {
	Msg  string `json:"error"`
	Rule string `json:"rule,omitempty"`
	code int    // the HTTP status, when not the usual one (429: a quota)
}

func (r *Refusal) Error() string {
	if r.Rule == "" {
		return r.Msg
	}
	return r.Msg + " (" + r.Rule + ")"
}

// asRefusal turns the engine's refusal into the server's, and lets other
// errors through.
func asRefusal(err error) error {
	var rf *game.Refusal
	if errors.As(err, &rf) {
		return &Refusal{Msg: rf.Msg, Rule: rf.Rule}
	}
	return err
}

// engine is one game being played, with the commands that made it.
type engine struct {
	lib    *Library
	spec   Spec
	secret Secret
	g      *game.Game
	sc     *scenario.Scenario

	cmds  []string // the accepted commands in force, in order
	sides []string // who gave each
	epoch int64    // which build of the game this is: its log is rewritten on each

	// what the views ask for, kept until the game changes
	cached struct {
		stamp   [2]int64
		units   []Unit
		actions *Actions
		done    [2]bool
	}
}

// fresh reports whether the cache holds this position, and clears it
// when not. A position is a build of the game and its commands.
func (e *engine) fresh() bool {
	stamp := [2]int64{e.epoch, int64(len(e.cmds))}
	if e.cached.stamp == stamp {
		return true
	}
	e.cached.stamp, e.cached.units, e.cached.actions, e.cached.done = stamp, nil, nil, [2]bool{}
	return false
}

// epochs numbers the builds of games, so that a board knows when a log
// it holds was rewritten.
var epochs atomic.Int64

// scenarioFile is the file of a built-in scenario.
func scenarioFile(name string) string {
	return path.Join("scenarios", strings.TrimSuffix(name, ".toml")+".toml")
}

// open starts spec's game with the dice seed and replays cmds.
func (lib *Library) open(spec Spec, secret Secret, cmds, sides []string) (*engine, error) {
	file := scenarioFile(spec.Scenario)
	if spec.Upload == nil {
		if _, err := fs.Stat(lib.Data, file); err != nil || strings.Contains(spec.Scenario, "..") {
			return nil, &Refusal{Msg: fmt.Sprintf("no built-in scenario %q", spec.Scenario)}
		}
	}
	var sc *scenario.Scenario
	err := lib.withRules(spec, func(rules string) (err error) {
		if spec.Upload != nil {
			sc, err = lib.loadUpload(spec, rules) // scenarios.go
		} else {
			sc, err = game.LoadScenario(lib.Data, file, lib.Data, rules)
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	e := &engine{lib: lib, spec: spec, secret: secret, sc: sc}
	if err := e.replay(cmds, sides); err != nil {
		return nil, err
	}
	return e, nil
}

// withRules runs f with the Options.Rules of spec: a variant, or the
// path where its house module is kept (modules.go), holding lib.mods.gc
// for reading meanwhile: the module stays until the engine has read it.
func (lib *Library) withRules(spec Spec, f func(rules string) error) error {
	lib.mods.gc.RLock()
	defer lib.mods.gc.RUnlock()
	m, err := lib.module(spec)
	if err != nil {
		return err
	}
	rules := spec.Rules
	if m != nil {
		if rules, err = lib.place(m); err != nil {
			return err
		}
	}
	return f(rules)
}

// replay builds the game anew and runs cmds, none of which may be refused.
func (e *engine) replay(cmds, sides []string) error {
	var g *game.Game
	err := e.lib.withRules(e.spec, func(rules string) (err error) {
		g, err = game.New(e.sc, game.Options{Rules: rules, Secret: e.secret[:], AutoSetup: e.spec.AutoSetup, Params: e.spec.Params}, e.lib.Data, nil)
		return err
	})
	if err != nil {
		return err
	}
	if e.spec.AutoSetup && g.InSetup() {
		if err := g.AutoSetup(); err != nil {
			return err
		}
	}
	for i, c := range cmds {
		if err := g.Exec(c); err != nil {
			return fmt.Errorf("command %d (%q) no longer replays: %v", i+1, c, err)
		}
	}
	e.g, e.cmds, e.sides = g, slices.Clone(cmds), slices.Clone(sides)
	e.epoch = epochs.Add(1)
	return nil
}

// moveTo brings the game to the commands cmds: by giving the ones
// missing when it stands at a prefix of them, else by replaying.
func (e *engine) moveTo(cmds, sides []string) error {
	n := len(e.cmds)
	if n > len(cmds) || !slices.Equal(e.cmds, cmds[:n]) {
		return e.replay(cmds, sides)
	}
	for i := n; i < len(cmds); i++ {
		if err := e.g.Exec(cmds[i]); err != nil {
			return e.replay(cmds, sides)
		}
		e.cmds, e.sides = append(e.cmds, cmds[i]), append(e.sides, sides[i])
	}
	return nil
}

// rolls is how many dice the game has drawn.
func (e *engine) rolls() int { return e.g.Snapshot().Rolls }

// over reports whether the game has ended.
func (e *engine) over() bool { return e.g.Over() }

// actor is the side that acts now: the side setting up, the side whose
// decision a battle waits for, else the phasing side ("" once the game is
// over).
func (e *engine) actor() string {
	if a := e.g.Actor(); a != core.NoSide {
		return a.String()
	}
	return ""
}

// refuseTurn explains why side may not act now.
func (e *engine) refuseTurn(side string) error {
	if e.g.Over() {
		return &Refusal{Msg: "the game is over"}
	}
	return &Refusal{Msg: fmt.Sprintf("it is the %s player's turn to act, not the %s player's", e.actor(), side), Rule: e.g.Rules.CiteRule("phase")}
}

// serverWords are command words a player may not send: engine options.
var serverWords = map[game.Verb]bool{game.VerbAuto: true, game.VerbUndo: true}

// Step is what one accepted command did.
type Step struct {
	Command string       `json:"command"`
	Side    string       `json:"side"`
	Dice    []int        `json:"dice"`
	Rolls   int          `json:"rolls"` // dice drawn (some rules draw dice no event shows)
	Events  []game.Event `json:"events"`
}

// do runs line for side. A refused command leaves the game unchanged.
func (e *engine) do(side, line string) (*Step, error) {
	w := strings.Fields(line)
	if len(w) == 0 {
		return nil, &Refusal{Msg: "no command"}
	}
	verb := game.ParseVerb(w[0])
	if serverWords[verb] || strings.HasPrefix(line, "!") {
		return nil, &Refusal{Msg: fmt.Sprintf("%q is not a command a player sends here", verb)}
	}
	if e.actor() != side {
		return nil, e.refuseTurn(side)
	}
	sd, _ := core.ParseSide(side)
	line = strings.Join(w, " ")
	n, rolls, spent := len(e.g.Log()), e.rolls(), e.g.Spent()
	if err := e.g.ExecAs(sd, line); err != nil {
		if e.g.Spent() == spent {
			return nil, e.restore(err)
		}
		// the command drew dice and failed: they are spent, and the
		// record keeps that (game.SpentMark) so that a replay spends them
		mark := game.SpentMark + line
		e.cmds, e.sides = append(e.cmds, mark), append(e.sides, side)
		st := &Step{Command: mark, Side: side, Dice: []int{}, Events: slices.Clone(e.g.Log()[min(n, len(e.g.Log())):])}
		return st, &spentError{e.restore(err)}
	}
	st := &Step{Command: line, Side: side, Rolls: e.rolls() - rolls, Events: slices.Clone(e.g.Log()[n:]), Dice: []int{}}
	for _, ev := range st.Events {
		if d, ok := ev.Get("die").(int); ok {
			st.Dice = append(st.Dice, d)
		}
	}
	e.cmds, e.sides = append(e.cmds, line), append(e.sides, side)
	return st, nil
}

// replaySpent replays a spent mark of the record (a command that drew
// dice and failed) for side.
func (e *engine) replaySpent(side, mark string) error {
	if !strings.HasPrefix(mark, game.SpentMark) {
		return fmt.Errorf("%q is not a mark of spent dice", mark)
	}
	if err := e.g.Exec(mark); err != nil {
		return err
	}
	e.cmds, e.sides = append(e.cmds, mark), append(e.sides, side)
	return nil
}

// spentError is a command refused after it drew dice: its Step (the
// spent mark) is recorded all the same.
type spentError struct{ err error }

func (e *spentError) Error() string { return e.err.Error() }
func (e *spentError) Unwrap() error { return e.err }

// restore answers a refused command. The engine promises that a refusal
// leaves the game as it was but for the error event; a failure of the
// rules may have changed it, so the game is rebuilt from its commands.
func (e *engine) restore(err error) error {
	var rf *game.Refusal
	if errors.As(err, &rf) {
		return asRefusal(err)
	}
	if rerr := e.replay(e.cmds, e.sides); rerr != nil {
		return fmt.Errorf("%v; and the game could not be rebuilt: %v", err, rerr)
	}
	return err
}

// canUndo reports whether side may take back its last command: the
// game steps back over the commands of the current phase since the last
// die, each only by the side that gave it (gpw: undo).
func (e *engine) canUndo(side string) bool {
	ok, _ := e.g.CanUndo()
	n := len(e.cmds)
	return ok && n > 0 && e.sides[n-1] == side
}

// undo takes back side's last command.
func (e *engine) undo(side string) error {
	if ok, why := e.g.CanUndo(); !ok {
		return &Refusal{Msg: why, Rule: e.g.UndoRule()}
	}
	sd, _ := core.ParseSide(side)
	if err := e.g.ExecAs(sd, "undo"); err != nil {
		return e.restore(err)
	}
	n := len(e.cmds) - 1
	e.cmds, e.sides = e.cmds[:n], e.sides[:n]
	e.epoch = epochs.Add(1) // the log is rewritten
	return nil
}

// --- the view: what a player sees and may do ---

// Actions are what the side acting may do now, from the game's legal
// actions: every action listed is accepted.
type Actions struct {
	Side     string              `json:"side"`
	Kind     string              `json:"kind"`           // setup, reinforcement, rail, move, combat, decision
	Move     []string            `json:"move,omitempty"` // units that may move (their reach: GET reach)
	Rail     map[string][]string `json:"rail,omitempty"` // unit → the hexes it may reach by rail
	Attack   []Target            `json:"attack,omitempty"`
	Place    []Placing           `json:"place,omitempty"`   // units to place, and where
	Rebuild  []Placing           `json:"rebuild,omitempty"` // units to rebuild: where it stands, or where
	Areas    map[string][]string `json:"areas,omitempty"`   // the hexes of each Placing's area
	Decision *Decision           `json:"decision,omitempty"`
	Module   []ModuleWord        `json:"module,omitempty"` // the rules module's own command words
	End      bool                `json:"end"`
	Warning  string              `json:"warning,omitempty"` // what ending the phase now would lose
}

// Target is an enemy hex that may be attacked and the units that may
// attack it, all together reaching at least the lowest odds.
type Target struct {
	Hex       string   `json:"hex"`
	Defender  string   `json:"defender"`
	Attackers []string `json:"attackers"` // unit ids
	From      []string `json:"from"`      // their hexes
}

// Placing is a unit to place or rebuild, and the area (in Actions.Areas)
// of the hexes that take it; no area: rebuilt where it stands.
type Placing struct {
	Unit string `json:"unit"`
	Area string `json:"area,omitempty"`
	Cost int    `json:"cost,omitempty"` // replacement points, to rebuild
}

// ModuleWord is a command word of the rules module, with its help.
type ModuleWord struct {
	Word string `json:"word"`
	Help string `json:"help,omitempty"`
}

// Decision is a choice a battle waits for.
type Decision struct {
	Kind    string   `json:"kind"` // retreat, loss, advance (attacker_loss, exchange)
	Side    string   `json:"side"` // who decides now
	Text    string   `json:"text"`
	Options []Option `json:"options"`
}

// Option is one answer to a decision: the command that gives it.
type Option struct {
	Command string   `json:"command"`
	Side    string   `json:"side"`           // who may give it
	Path    []string `json:"path,omitempty"` // a retreat's hexes
	ZOC     int      `json:"zoc,omitempty"`  // enemy zones of control a retreat enters
}

func other(side string) string {
	if side == "axis" {
		return "soviet"
	}
	return "axis"
}

// actions lists what the acting side may do now.
func (e *engine) actions() *Actions {
	if e.fresh() && e.cached.done[1] {
		return e.cached.actions
	}
	a := e.listActions()
	e.cached.actions, e.cached.done[1] = a, true
	return a
}

func (e *engine) listActions() *Actions {
	g := e.g
	ga := g.Actions()
	if ga == nil || ga.Side == "" {
		return nil
	}
	m := g.Position().Map
	ids := func(hs []int) []string {
		out := make([]string, len(hs))
		for i, h := range hs {
			out[i] = m.ID(h)
		}
		return out
	}
	a := &Actions{Side: ga.Side, Kind: ga.Kind, End: ga.End, Warning: ga.Warning}
	area := func(hexes []string) string {
		if a.Areas == nil {
			a.Areas = map[string][]string{}
		}
		key := fmt.Sprintf("%x", sha256.Sum256([]byte(strings.Join(hexes, " "))))[:12]
		a.Areas[key] = hexes
		return key
	}
	for _, u := range ga.Moves {
		a.Move = append(a.Move, u.ID)
	}
	for _, u := range ga.Rail {
		if a.Rail == nil {
			a.Rail = map[string][]string{}
		}
		var hs []string
		for _, d := range u.Dest {
			hs = append(hs, d.ID)
		}
		a.Rail[u.ID] = hs
	}
	for _, t := range ga.Attacks {
		tg := Target{Hex: t.ID, Defender: t.Unit, Attackers: t.From}
		for _, k := range t.Attackers {
			tg.From = append(tg.From, m.ID(g.Position().Units[k].Hex))
		}
		a.Attack = append(a.Attack, tg)
	}
	for _, p := range ga.Place {
		a.Place = append(a.Place, Placing{Unit: p.ID, Area: area(p.IDs)})
	}
	for _, r := range ga.Rebuild {
		p := Placing{Unit: r.ID, Cost: r.Cost}
		if !r.OnMap {
			p.Area = area(r.IDs)
		}
		a.Rebuild = append(a.Rebuild, p)
	}
	for _, w := range ga.Module {
		a.Module = append(a.Module, ModuleWord{w.Word, w.Help})
	}
	if d := ga.Decision; d != nil {
		a.Decision = &Decision{Kind: d.Kind.String(), Side: d.Side, Text: d.Text}
		for _, o := range d.Options {
			opt := Option{Command: o.Text, Side: o.Side, ZOC: o.ZOC}
			if o.Command.Verb == game.VerbRetreat {
				opt.Path = ids(o.Command.Path)
			}
			a.Decision.Options = append(a.Decision.Options, opt)
		}
	}
	return a
}

// reach is where a unit may move now (GDW: Movement).
func (e *engine) reach(unit string) (*game.Reach, error) {
	var r *game.Reach
	err := e.query(func() (err error) { r, err = e.g.ReachOf(unit); return })
	return r, err
}

// preview weighs an attack without rolling.
func (e *engine) preview(hex string, from []string) (*game.Preview, error) {
	var p *game.Preview
	err := e.query(func() (err error) { p, err = e.g.Preview(hex, from); return })
	return p, err
}

// query runs a question that must draw no die: one that did (a rules
// module rolling while it weighs) would let a player see a die before it
// is drawn, so the game is rebuilt and the question refused.
func (e *engine) query(f func() error) error {
	rolls := e.rolls()
	err := f()
	if e.rolls() != rolls {
		if rerr := e.replay(e.cmds, e.sides); rerr != nil {
			return rerr
		}
		return &Refusal{Msg: "the rules module drew a die to answer a question; refused so that no die is seen before it is drawn", Rule: "gpw: fair dice"}
	}
	return asRefusal(err)
}

// hexInfo describes a hex.
func (e *engine) hexInfo(id string) (*game.HexInfo, error) {
	hi, err := e.g.HexInfo(id)
	return hi, asRefusal(err)
}

// Overlay is a set of hexes to tint, and for supply the units cut off.
type Overlay struct {
	Kind  string            `json:"kind"`
	Side  string            `json:"side,omitempty"`
	Hexes map[string]string `json:"hexes"` // hex → a value (side, yes)
	Units []string          `json:"units,omitempty"`
}

// overlay computes one overlay: zoc and supply for a side, control.
func (e *engine) overlay(kind, side string) (*Overlay, error) {
	g := e.g
	o := &Overlay{Kind: kind, Side: side, Hexes: map[string]string{}}
	switch kind {
	case "zoc":
		hs, err := g.ZOCOf(side)
		if err != nil {
			return nil, asRefusal(err)
		}
		for _, h := range hs {
			o.Hexes[h] = side
		}
	case "supply":
		rows, err := g.SupplyOf(side)
		if err != nil {
			return nil, asRefusal(err)
		}
		for _, r := range rows {
			counts := r.Now
			if r.PhaseStart != nil {
				counts = *r.PhaseStart
			}
			if !counts {
				o.Units = append(o.Units, r.Unit)
				o.Hexes[r.Hex] = "out"
			}
		}
	case "control":
		o.Side = ""
		for h, on := range g.Position().Map.OnMap {
			if c := g.Position().Control[h]; on && c != core.NoSide {
				o.Hexes[g.Position().Map.ID(h)] = c.String()
			}
		}
	default:
		return nil, &Refusal{Msg: fmt.Sprintf("no overlay %q (zoc, supply, control)", kind)}
	}
	return o, nil
}

// Unit is a unit as the board draws it.
type Unit struct {
	game.UnitRow
	Size string `json:"size"` // division, corps, army
}

// units lists every unit, in scenario order: the phasing side's as the
// engine lists them; the other side's from the state, its supply traced
// once for the side (UnitList traces it once per unit: ~60 times slower
// on the campaign).
func (e *engine) units() []Unit {
	if e.fresh() && e.cached.done[0] {
		return e.cached.units
	}
	g := e.g
	phasing := g.Phase().Side
	rows, _ := g.UnitList(phasing.String(), "")
	mine := map[string]game.UnitRow{}
	for _, r := range rows {
		mine[r.ID] = r
	}
	cut := map[string]bool{}
	if sup, err := g.SupplyOf(phasing.Enemy().String()); err == nil {
		for _, r := range sup {
			cut[r.Unit] = !r.Now
		}
	}
	out := make([]Unit, len(g.Position().Units))
	for k := range g.Position().Units {
		u := &g.Position().Units[k]
		r, ok := mine[u.ID]
		if !ok {
			r = game.UnitRow{ID: u.ID, Side: u.Side.String(), Nation: u.Nation, Kind: u.Kind, Class: g.Rules.Classes[u.Class],
				Attack: u.AttackNow(), Defense: u.DefenseNow(), Printed: fmt.Sprintf("%d-%d", u.Attack[0], u.Attack[1]),
				MP: u.MP, Status: u.Status.String(), Reduced: u.Reduced}
			if u.Status == core.OnMap {
				r.Hex, r.Supplied = g.Position().Map.ID(u.Hex), !cut[u.ID]
			}
		}
		out[k] = Unit{UnitRow: r, Size: u.Size}
	}
	e.cached.units, e.cached.done[0] = out, true
	return out
}

// Standing is a victory condition of the scenario's end that holds now.
type Standing struct {
	Side   string `json:"side"`
	Result string `json:"result"` // win, decisive, marginal
	Text   string `json:"text"`
}

// victoryText is the scenario's victory conditions in words.
func (e *engine) victoryText() string { return strings.TrimSpace(e.sc.Victory.Text) }

// standing lists the scenario's end-of-game victory conditions that would
// hold if the game ended now.
func (e *engine) standing() []Standing {
	out := []Standing{}
	for _, v := range e.g.CheckVictory("end") {
		out = append(out, Standing{v.Side.String(), v.Result.String(), v.Text})
	}
	return out
}

// marks lists what the rules module keeps about hexes and units (its
// store), by hex id and by unit id: the board draws each mark's symbol.
func (e *engine) marks() (hexes, units map[string][]game.Mark) {
	g := e.g
	hexes, units = map[string][]game.Mark{}, map[string][]game.Mark{}
	for _, k := range g.Store().Keys() {
		i := int(k.Index)
		switch {
		case k.Scope == interp.ScopeHex && hexes[g.Position().Map.ID(i)] == nil:
			hexes[g.Position().Map.ID(i)] = g.Marks(interp.ScopeHex, i)
		case k.Scope == interp.ScopeUnit && i < len(g.Position().Units) && units[g.Position().Units[i].ID] == nil:
			units[g.Position().Units[i].ID] = g.Marks(interp.ScopeUnit, i)
		}
	}
	return hexes, units
}

// cityControl is who controls each city (control markers).
func (e *engine) cityControl() map[string]string {
	out := map[string]string{}
	m := e.g.Position().Map
	for _, c := range m.Cities {
		if side := e.g.Position().Control[c.Hex]; side != core.NoSide {
			out[m.ID(c.Hex)] = side.String()
		}
	}
	return out
}

// status is where the game stands.
func (e *engine) status() game.PhaseStatus { return e.g.Status() }

// log is the event log.
func (e *engine) log() []game.Event { return e.g.Log() }

// save is the game as the engine saves it, without its dice secret.
func (e *engine) save() *game.Save {
	sv := e.g.Snapshot()
	sv.Seed, sv.SeedSet, sv.DiceSecret = 0, false, ""
	if m, err := e.lib.module(e.spec); err == nil && m != nil {
		sv.Rules = m.Name // not where the server keeps it
	}
	sv.Seal()
	return sv
}

// title is the scenario's name.
func (e *engine) title() string { return e.sc.Name }

// position is what a game is rebuilt from: its start, its dice and its
// commands (copies: it may be read without the game's lock).
type position struct {
	lib    *Library
	spec   Spec
	secret Secret
	cmds   []string
	sides  []string
}

func (e *engine) position() position {
	return position{e.lib, e.spec, e.secret, slices.Clone(e.cmds), slices.Clone(e.sides)}
}

// passive is the play of the computer player that makes no move of its
// own: the engine's pass player (game.Pass), the one the CLI and the
// simulator use for a side nobody plays. While side must act it sets up
// and places its reinforcements by the automatic rule, settles a battle's
// choice by the documented default (never standing) and ends its phases.
func passive(e *engine, side string) error {
	sd, err := core.ParseSide(side)
	if err != nil {
		return err
	}
	return game.Pass{Side: sd}.Play(e.g)
}
