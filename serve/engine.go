package serve

// engine.go is the one file that speaks to the game package: every other
// file of the server sees a game only through an engine. Until the engine
// offers legal actions as data, typed commands and undo, the engine builds
// them here from the queries it has (Status, UnitList, ReachOf, Preview,
// Pending) and undoes by replaying.

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync/atomic"

	"gpw/core"
	"gpw/game"
	"gpw/scenario"
)

// Spec is what a game starts from: a built-in scenario under a rules
// variant or a house module, set up by the automatic rule or by hand.
type Spec struct {
	Scenario  string  `json:"scenario"`         // a built-in name: gdw/barbarossa
	Rules     string  `json:"rules,omitempty"`  // gdw, adc2, "" for the scenario's; ignored with Module
	Module    *Module `json:"module,omitempty"` // a house rules module
	AutoSetup bool    `json:"auto_setup"`
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
}

// Refusal is a command the server or the rules refused: the game is
// unchanged.
type Refusal struct {
	Msg  string `json:"error"`
	Rule string `json:"rule,omitempty"`
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
	lib  *Library
	spec Spec
	seed int64
	g    *game.Game
	sc   *scenario.Scenario

	cmds  []string // the accepted commands in force, in order
	sides []string // who gave each
	floor int      // commands before floor can no longer be undone
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
func (lib *Library) open(spec Spec, seed int64, cmds, sides []string) (*engine, error) {
	file := scenarioFile(spec.Scenario)
	if _, err := fs.Stat(lib.Data, file); err != nil || strings.Contains(spec.Scenario, "..") {
		return nil, &Refusal{Msg: fmt.Sprintf("no built-in scenario %q", spec.Scenario)}
	}
	sc, err := scenario.Load(lib.Data, file, lib.Data)
	if err != nil {
		return nil, err
	}
	e := &engine{lib: lib, spec: spec, seed: seed, sc: sc}
	if err := e.replay(cmds, sides); err != nil {
		return nil, err
	}
	return e, nil
}

// rules is the Options.Rules of spec: a variant or the house module's path.
func (lib *Library) rules(spec Spec) (string, error) {
	if spec.Module == nil {
		return spec.Rules, nil
	}
	name := filepath.Base(spec.Module.Name)
	if !strings.HasSuffix(name, ".lua") || name == ".lua" || strings.ContainsAny(name, " /\\") {
		return "", &Refusal{Msg: fmt.Sprintf("house module %q: give a file name ending in .lua", spec.Module.Name)}
	}
	if lib.Modules == "" {
		return "", &Refusal{Msg: "this server takes no house modules"}
	}
	sum := sha256.Sum256([]byte(spec.Module.Source))
	dir := filepath.Join(lib.Modules, hex.EncodeToString(sum[:8]))
	p := filepath.Join(dir, name)
	if b, err := os.ReadFile(p); err == nil && string(b) == spec.Module.Source {
		return p, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	return p, os.WriteFile(p, []byte(spec.Module.Source), 0o644)
}

// replay builds the game anew and runs cmds, none of which may be refused.
func (e *engine) replay(cmds, sides []string) error {
	rules, err := e.lib.rules(e.spec)
	if err != nil {
		return err
	}
	g, err := game.New(e.sc, game.Options{Rules: rules, Seed: e.seed, SeedSet: true, AutoSetup: e.spec.AutoSetup}, e.lib.Data, nil)
	if err != nil {
		return err
	}
	if e.spec.AutoSetup && g.InSetup() {
		if err := g.AutoSetup(); err != nil {
			g.Close()
			return err
		}
	}
	for i, c := range cmds {
		if err := g.Exec(c); err != nil {
			g.Close()
			return fmt.Errorf("command %d (%q) no longer replays: %v", i+1, c, err)
		}
	}
	if e.g != nil {
		e.g.Close()
	}
	e.g, e.cmds, e.sides = g, slices.Clone(cmds), slices.Clone(sides)
	e.floor = len(cmds)
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

func (e *engine) close() {
	if e.g != nil {
		e.g.Close()
	}
}

// rolls is how many dice the game has drawn.
func (e *engine) rolls() int { return e.g.Snapshot().Rolls }

// over reports whether the game has ended.
func (e *engine) over() bool { return e.g.Over() }

// actor is the side that acts now: the side setting up, else the phasing
// side ("" once the game is over).
func (e *engine) actor() string {
	if e.g.Over() {
		return ""
	}
	if e.g.InSetup() {
		return e.g.SetupSide().String()
	}
	return e.g.Phase().Side.String()
}

// mayAct reports whether side may give the command word verb now. A
// defender that may stand instead of retreating decides that itself (GDW:
// Combat Results / DR, exception).
func (e *engine) mayAct(side, verb string) bool {
	a := e.actor()
	if a == "" {
		return false
	}
	if verb == "stand" && strings.Contains(e.g.Pending(), "(stand)") {
		return side != a
	}
	return side == a
}

// refuseTurn explains why side may not act now.
func (e *engine) refuseTurn(side string) error {
	if e.g.Over() {
		return &Refusal{Msg: "the game is over"}
	}
	return &Refusal{Msg: fmt.Sprintf("it is the %s player's turn to act, not the %s player's", e.actor(), side), Rule: e.g.Rules.CiteRule("phase")}
}

// serverWords are command words a player may not send: engine options.
var serverWords = map[string]bool{"auto": true, "undo": true}

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
	verb := strings.ToLower(w[0])
	if serverWords[verb] {
		return nil, &Refusal{Msg: fmt.Sprintf("%q is not a command a player sends here", verb)}
	}
	if !e.mayAct(side, verb) {
		return nil, e.refuseTurn(side)
	}
	line = strings.Join(w, " ")
	n, rolls := len(e.g.Log()), e.rolls()
	phase, turn, setup := e.g.PhaseID(), e.g.Turn().Index, e.g.InSetup()
	if err := e.g.Exec(line); err != nil {
		return nil, e.restore(err)
	}
	st := &Step{Command: line, Side: side, Rolls: e.rolls() - rolls, Events: slices.Clone(e.g.Log()[n:]), Dice: []int{}}
	for _, ev := range st.Events {
		if d, ok := ev.Get("die").(int); ok {
			st.Dice = append(st.Dice, d)
		}
	}
	e.cmds, e.sides = append(e.cmds, line), append(e.sides, side)
	if st.Rolls > 0 || phase != e.g.PhaseID() || turn != e.g.Turn().Index || setup != e.g.InSetup() {
		e.floor = len(e.cmds) // a die was drawn or the phase ended: no undo past here
	}
	return st, nil
}

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

// canUndo reports whether side may take back its last command: one given
// by side since the last die or phase change.
func (e *engine) canUndo(side string) bool {
	n := len(e.cmds)
	return n > e.floor && e.sides[n-1] == side && e.mayAct(side, "")
}

// undo takes back side's last command by replaying the others.
func (e *engine) undo(side string) error {
	if !e.canUndo(side) {
		return &Refusal{Msg: "nothing to undo: undo takes back your own moves of this phase since the last die roll", Rule: "gpw: fair dice"}
	}
	floor := e.floor
	n := len(e.cmds) - 1
	if err := e.replay(e.cmds[:n], e.sides[:n]); err != nil {
		return err
	}
	e.floor = floor
	return nil
}

// --- the view: what a player sees and may do ---

// Actions are what the side acting may do now, built from the engine's
// queries. A listed action is one the engine accepts.
type Actions struct {
	Side     string              `json:"side"`
	Kind     string              `json:"kind"`           // the phase's kind: move, rail, combat, reinforcement, setup
	Move     []string            `json:"move,omitempty"` // units that may move (their reach: GET reach)
	Rail     []string            `json:"rail,omitempty"` // units that may move by rail
	Attack   []Target            `json:"attack,omitempty"`
	Place    []Placing           `json:"place,omitempty"` // units to place, and where when known
	Areas    map[string][]string `json:"areas,omitempty"`
	Decision *Decision           `json:"decision,omitempty"`
	End      bool                `json:"end"`
}

// Target is an enemy hex that may be attacked and who may attack it.
type Target struct {
	Hex       string   `json:"hex"`
	Defender  string   `json:"defender"`
	Attackers []string `json:"attackers"` // unit ids
	From      []string `json:"from"`      // their hexes
}

// Placing is a unit to place; Area names the hexes (in Actions.Areas)
// where it may go when the rules bind it to one (the setup step).
type Placing struct {
	Unit string `json:"unit"`
	Area string `json:"area,omitempty"`
}

// Decision is a choice a battle waits for.
type Decision struct {
	Kind    string   `json:"kind"` // retreat, loss, advance
	Text    string   `json:"text"`
	Options []Option `json:"options"`
}

// Option is one answer to a decision: the command that gives it.
type Option struct {
	Command string   `json:"command"`
	Side    string   `json:"side"`           // who may give it
	Path    []string `json:"path,omitempty"` // a retreat's hexes
	ZOC     int      `json:"zoc,omitempty"`  // enemy zones of control a retreat enters
	Wait    bool     `json:"wait,omitempty"` // not yet: the defender first chooses whether to stand
}

var (
	retreatRe = regexp.MustCompile(`retreat ([A-Z]-\d{4}(?: [A-Z]-\d{4})*) \((\d+) ZOC\)`)
	unitsRe   = regexp.MustCompile(`: (?:loss|advance) UNIT \(([^)]*)\)`)
)

// decision reads the pending battle decision.
func (e *engine) decision() *Decision {
	text := e.g.Pending()
	if text == "" {
		return nil
	}
	side := e.actor()
	d := &Decision{Text: text}
	switch {
	case strings.Contains(text, "chooses the retreat"):
		d.Kind = "retreat"
		if strings.Contains(text, "(stand)") {
			d.Options = append(d.Options, Option{Command: "stand", Side: other(side)})
		}
		for _, m := range retreatRe.FindAllStringSubmatch(text, -1) {
			var zoc int
			fmt.Sscan(m[2], &zoc)
			d.Options = append(d.Options, Option{Command: "retreat " + m[1], Side: side, Path: strings.Fields(m[1]), ZOC: zoc})
		}
	case strings.Contains(text, "loss UNIT"):
		d.Kind = "loss"
		d.Options = e.unitOptions(text, "loss", side)
	case strings.Contains(text, "advance UNIT"):
		d.Kind = "advance"
		d.Options = append(e.unitOptions(text, "advance", side), Option{Command: "noadvance", Side: side})
	default:
		d.Kind = "other"
	}
	return d
}

func (e *engine) unitOptions(text, verb, side string) []Option {
	var out []Option
	if m := unitsRe.FindStringSubmatch(text); m != nil {
		for _, u := range strings.Split(m[1], ", ") {
			out = append(out, Option{Command: verb + " " + u, Side: side})
		}
	}
	return out
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
	var a *Actions
	e.query(func() error { a = e.listActions(); return nil }) // weighing draws no die
	e.cached.actions, e.cached.done[1] = a, true
	return a
}

func (e *engine) listActions() *Actions {
	side := e.actor()
	if side == "" {
		return nil
	}
	g := e.g
	a := &Actions{Side: side, Kind: g.Phase().Kind}
	if g.InSetup() {
		a.Kind, a.End, a.Areas = "setup", true, map[string][]string{}
		sd, _ := core.ParseSide(side)
		for k, u := range g.S.Units {
			area := g.SetupArea(k)
			if u.Side != sd || area == nil || (u.Status != core.OnMap && u.Status != core.Pending) {
				continue
			}
			key := fmt.Sprint(e.sc.Units[k].Setup)
			if _, ok := a.Areas[key]; !ok {
				hexes := []string{}
				area.Each(func(h int) { hexes = append(hexes, g.S.Map.ID(h)) })
				a.Areas[key] = hexes
			}
			a.Place = append(a.Place, Placing{Unit: u.ID, Area: key})
		}
		return a
	}
	if d := e.decision(); d != nil {
		a.Decision = d
		return a
	}
	a.End = e.mayEnd()
	rows, _ := g.UnitList(side, "")
	switch a.Kind {
	case "move":
		for _, r := range rows {
			if r.Hex == "" || r.Moved {
				continue
			}
			if _, err := g.ReachOf(r.ID); err == nil {
				a.Move = append(a.Move, r.ID)
			}
		}
	case "rail":
		for _, r := range rows {
			if r.Hex != "" && !r.Moved && g.S.Map.IsRail(e.hexIndex(r.Hex)) {
				a.Rail = append(a.Rail, r.ID)
			}
		}
	case "combat":
		a.Attack = e.targets(side)
	case "reinforcement":
		for _, id := range g.Status().Awaiting {
			a.Place = append(a.Place, Placing{Unit: id})
		}
	}
	return a
}

// mayEnd reports whether the phase may end now as far as the engine's
// own rules go: not while two of the phasing side's units share a hex
// after a move (rules with share_until_moved: ADC2: Movement Phases). A
// rules module's on_phase_end hook may still refuse.
func (e *engine) mayEnd() bool {
	g := e.g
	p := g.Phase()
	return !(p.Kind == "move" && g.Rules.ShareUntilMoved && len(g.S.Overstacked(p.Side)) > 0)
}

func (e *engine) hexIndex(id string) int {
	h, err := e.g.S.Map.ParseHex(id)
	if err != nil {
		return -1
	}
	return h
}

// targets lists every enemy hex next to one of side's units with the
// units that may attack it: each pair weighed as the attack command
// would, a pair whose odds alone are too low still counting.
func (e *engine) targets(side string) []Target {
	g := e.g
	s, m := g.S, g.S.Map
	sd, _ := core.ParseSide(side)
	low := g.Rules.CiteRule("odds-min")
	var out []Target
	seen := map[int]bool{}
	for k := range s.Units {
		u := &s.Units[k]
		if u.Side != sd || u.Status != core.OnMap {
			continue
		}
		for _, nb := range m.Nbr[u.Hex] {
			h := int(nb)
			if h < 0 || seen[h] || s.EnemyIn(sd, h) < 0 {
				continue
			}
			seen[h] = true
		}
	}
	for h := range m.OnMap {
		if !seen[h] {
			continue
		}
		def := s.EnemyIn(sd, h)
		t := Target{Hex: m.ID(h), Defender: s.Units[def].ID}
		for _, nb := range m.Nbr[h] {
			a := int(nb)
			if a < 0 || s.Occupant(a) < 0 {
				continue
			}
			k := s.Occupant(a)
			if s.Units[k].Side != sd {
				continue
			}
			_, err := g.Preview(t.Hex, []string{s.Units[k].ID})
			var rf *game.Refusal
			if err == nil || errors.As(err, &rf) && rf.Rule == low && strings.Contains(rf.Msg, "cannot be made") {
				t.Attackers = append(t.Attackers, s.Units[k].ID)
				t.From = append(t.From, m.ID(a))
			}
		}
		if len(t.Attackers) > 0 {
			out = append(out, t)
		}
	}
	return out
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
		for h, on := range g.S.Map.OnMap {
			if c := g.S.Control[h]; on && c != core.NoSide {
				o.Hexes[g.S.Map.ID(h)] = c.String()
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
	out := make([]Unit, len(g.S.Units))
	for k := range g.S.Units {
		u := &g.S.Units[k]
		r, ok := mine[u.ID]
		if !ok {
			r = game.UnitRow{ID: u.ID, Side: u.Side.String(), Nation: u.Nation, Kind: u.Kind, Class: g.Rules.Classes[u.Class],
				Attack: u.AttackNow(), Defense: u.DefenseNow(), Printed: fmt.Sprintf("%d-%d", u.Attack[0], u.Attack[1]),
				MP: u.MP, Status: u.Status.String(), Reduced: u.Reduced}
			if u.Status == core.OnMap {
				r.Hex, r.Supplied = g.S.Map.ID(u.Hex), !cut[u.ID]
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
		out = append(out, Standing{v.Side.String(), v.Result, v.Text})
	}
	return out
}

// cityControl is who controls each city (control markers).
func (e *engine) cityControl() map[string]string {
	out := map[string]string{}
	m := e.g.S.Map
	for _, c := range m.Cities {
		if side := e.g.S.Control[c.Hex]; side != core.NoSide {
			out[m.ID(c.Hex)] = side.String()
		}
	}
	return out
}

// status is where the game stands.
func (e *engine) status() game.PhaseStatus { return e.g.Status() }

// log is the event log.
func (e *engine) log() []game.Event { return e.g.Log() }

// save is the game as the engine saves it, without its seed.
func (e *engine) save() *game.Save {
	sv := e.g.Snapshot()
	sv.Seed, sv.SeedSet = 0, false
	return sv
}

// title is the scenario's name.
func (e *engine) title() string { return e.sc.Name }

// position is what a game is rebuilt from: its start, its dice and its
// commands (copies: it may be read without the game's lock).
type position struct {
	lib   *Library
	spec  Spec
	seed  int64
	cmds  []string
	sides []string
}

func (e *engine) position() position {
	return position{e.lib, e.spec, e.seed, slices.Clone(e.cmds), slices.Clone(e.sides)}
}

// passive is the play of the computer player that makes no move of its
// own: it sets up by the automatic rule, takes the first option of a
// choice a battle asks of it (never standing) and ends each of its
// phases.
func passive(e *engine, side string) []string {
	if e.g.InSetup() {
		return []string{"place auto", "end"}
	}
	if d := e.decision(); d != nil {
		for _, o := range d.Options {
			if o.Side == side && o.Command != "stand" {
				return []string{o.Command}
			}
		}
		return nil
	}
	return []string{"end"}
}
