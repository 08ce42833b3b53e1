package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/chzyer/readline"
	"github.com/spf13/cobra"

	"gpw/bot"
	"gpw/core"
	"gpw/game"
	"gpw/interp"
)

func newPlayCmd(ios *ioStreams, runF func(*runOptions) error) *cobra.Command {
	o := &runOptions{IO: ios}
	if runF == nil {
		runF = playRun
	}
	cmd := &cobra.Command{
		Use:   "play --scenario FILE|NAME",
		Short: "Play interactively: the command words of run, plus queries",
		Long: `Play reads commands at a prompt, with line editing, history and tab
completion. Every command word of gpw run works; a refused command prints
its reason and the game goes on. Queries change nothing: show, reach, zoc,
supply, phase, units, preview. Type help for the list, quit to leave.

With --bot SIDE[=LEVEL] the computer plays that side against you: it
moves whenever its side must act, and a summary closes each turn. When
it attacks a unit of yours that may stand instead of retreating, type
stand, or nostand to let it choose the retreat.`,
		Args: cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error { return runF(o) },
	}
	addGameFlags(cmd, &o.gameOptions, true)
	cmd.Flags().BoolVar(&o.JSON, "json", false, "print one JSON object per event and per query answer")
	addBotFlags(cmd, &o.botOptions)
	addViewFlag(cmd, o, true)
	return cmd
}

func playRun(o *runOptions) error {
	view, err := o.viewSide(true)
	if err != nil {
		return err
	}
	o.view = view
	g, err := newGame(o)
	if err != nil {
		return err
	}
	p := newPlayer(g, o.IO.Out, o.JSON)
	p.view = view
	if err := p.addBots(o); err != nil {
		return err
	}
	if !interactive(o.IO) {
		// A file or a pipe: plain lines, no prompt and no line editing
		// (readline's costs grow with the square of a line's length).
		return playLoop(p, newPlainReader(o.IO.In))
	}
	rl, err := newLineReader(o.IO, p)
	if err != nil {
		return err
	}
	defer rl.Close()
	return playLoop(p, rl)
}

// addBots lets the computer play the sides the --bot flags name.
func (p *player) addBots(o *runOptions) error {
	bots, err := o.makeBots(p.g, p.out)
	if err != nil || (bots[0] == nil && bots[1] == nil) {
		return err
	}
	p.match = &bot.Match{G: p.g, Bots: bots, OnTurn: summaryPrinter(p.out, p.json)}
	o.match = p.match
	return nil
}

// runBots lets the bots play while their sides must act.
func (p *player) runBots() error {
	if p.match == nil {
		return nil
	}
	return p.match.Run(0)
}

// interactive reports whether play reads a terminal.
func interactive(ios *ioStreams) bool {
	f, ok := ios.In.(*os.File)
	return ok && f == os.Stdin && readline.DefaultIsTerminal()
}

// lineReader is where play reads its lines: a readline.Instance, or a
// plain reader in tests.
type lineReader interface {
	Readline() (string, error)
}

// newLineReader makes the readline prompt: interactive (raw mode, editing,
// history, completion) only on a terminal's standard input.
func newLineReader(ios *ioStreams, p *player) (*readline.Instance, error) {
	cfg := &readline.Config{
		Prompt:       p.prompt(),
		AutoComplete: p,
		Stdout:       ios.Out,
		Stderr:       ios.Err,
	}
	if !interactive(ios) {
		cfg.Stdin = io.NopCloser(ios.In)
		cfg.FuncIsTerminal = func() bool { return false }
		cfg.FuncMakeRaw = func() error { return nil }
		cfg.FuncExitRaw = func() error { return nil }
	}
	return readline.NewEx(cfg)
}

// playLoop reads and runs lines until quit or the end of the input.
// While the game goes on, the prompt is a game.Player (promptPlayer)
// played through the engine's one game loop, game.Play, beside the bots;
// a bot's failure is printed and the prompt goes on. Once the game is
// over, lines are still answered (queries, save, export).
func playLoop(p *player, r lineReader) error {
	pp := &promptPlayer{p: p, r: r}
	for !p.g.Over() {
		var err error
		if p.match != nil {
			for side, b := range p.match.Bots {
				if b == nil {
					p.match.Others[side] = pp
				}
			}
			err = p.match.Run(0)
		} else {
			err = game.Play(p.g, [2]game.Player{pp, pp}, nil)
		}
		if err == nil {
			break
		}
		if pp.stop != nil {
			return pp.stopped()
		}
		if !pp.read {
			return err // the bots failed before the first line: play cannot begin
		}
		p.failed(err) // a bot failed: the prompt goes on
		if err := pp.Play(p.g); err != nil {
			return pp.stopped()
		}
	}
	for {
		if _, err := pp.one(); err != nil {
			return pp.stopped()
		}
	}
}

// promptPlayer is play's prompt as a game.Player: each turn it reads
// lines, answering queries and printing refusals, until a command is
// accepted. Quit, exit, the end of the input or a failure to read stop
// it (stop).
type promptPlayer struct {
	p    *player
	r    lineReader
	owed bool  // a command was accepted: say what the game waits for once the bots have played
	stop error // errQuit, or the failure to read
	read bool  // a line has been read
}

// errQuit stops the prompt: quit, exit or the end of the input.
var errQuit = errors.New("quit")

// Play reads lines until one command is accepted.
func (pp *promptPlayer) Play(*game.Game) error {
	for {
		accepted, err := pp.one()
		if err != nil || accepted {
			return err
		}
	}
}

// stopped is playLoop's result once the prompt has stopped.
func (pp *promptPlayer) stopped() error {
	if errors.Is(pp.stop, errQuit) {
		return nil
	}
	return pp.stop
}

// one reads and runs one line and reports whether it was an accepted
// command.
func (pp *promptPlayer) one() (bool, error) {
	p := pp.p
	if pp.owed {
		pp.owed = false
		p.waiting()
	}
	if sp, ok := pp.r.(interface{ SetPrompt(string) }); ok {
		sp.SetPrompt(p.prompt())
	}
	line, err := pp.r.Readline()
	pp.read = true
	switch {
	case errors.Is(err, readline.ErrInterrupt):
		return false, nil // ^C drops the line
	case errors.Is(err, io.EOF):
		pp.stop = errQuit
		return false, pp.stop
	case errors.As(err, new(lineTooLong)):
		p.failed(err)
		return false, nil
	case err != nil:
		pp.stop = err
		return false, err
	}
	quit, ran, accepted := p.line(line)
	switch {
	case quit:
		pp.stop = errQuit
		return false, pp.stop
	case accepted:
		pp.owed = true
	case ran:
		p.waiting()
	}
	return accepted, nil
}

// player runs lines against a game and prints the answers.
type player struct {
	g     *game.Game
	out   io.Writer
	json  bool
	named map[string]bool // hexes named so far, for completion
	// confirm is set after an end that would lose reinforcements or
	// points: a second end confirms.
	confirm bool
	match   *bot.Match // the computer's sides, nil without --bot
	view    core.Side  // the side whose view play shows (--view), core.NoSide for the whole game
}

func newPlayer(g *game.Game, out io.Writer, asJSON bool) *player {
	return &player{g: g, out: out, json: asJSON, named: map[string]bool{}}
}

func (p *player) prompt() string {
	st := p.g.Status()
	switch {
	case st.Over:
		return "game over> "
	case st.Setup != "":
		return fmt.Sprintf("%s %s setup> ", st.Turn, st.Setup)
	}
	return fmt.Sprintf("%s %s> ", st.Turn, st.Phase)
}

// query answers a query word's arguments with something to print (a
// Stringer, marshalled as is for --json). Queries change nothing.
type query func(p *player, args []string) (any, error)

var queries = map[string]query{
	"show":    func(p *player, a []string) (any, error) { return oneArg(joinPlace(a), "show HEX", p.g.HexInfo) },
	"reach":   (*player).reach,
	"actions": (*player).actions,
	"zoc":     (*player).zoc,
	"supply":  (*player).supply,
	"phase":   func(p *player, a []string) (any, error) { return p.g.Status(), noArgs(a, "phase") },
	"units":   (*player).units,
	"preview": (*player).preview,
	"help":    func(p *player, a []string) (any, error) { return newHelpText(p.g.Rules.Module), nil },
	"save":    (*player).save,
	"export":  (*player).exportSetup, // playexport.go: the designer's setup mode
}

// savedTo is the answer to save.
type savedTo string

func (s savedTo) String() string { return "saved to " + string(s) }

// save writes the game to a file (atomically); it changes nothing.
func (p *player) save(a []string) (any, error) {
	if len(a) != 1 {
		return nil, fmt.Errorf("usage: save FILE")
	}
	if err := p.g.WriteSave(a[0]); err != nil {
		return nil, err
	}
	return savedTo(a[0]), nil
}

// do runs one line, then lets the bots play while their sides must act,
// and reports whether the player quits.
func (p *player) do(line string) bool {
	quit, ran, accepted := p.line(line)
	if accepted {
		if err := p.runBots(); err != nil {
			p.failed(err)
		}
	}
	if ran {
		p.waiting()
	}
	return quit
}

// line runs one line: quit reports quit or exit, ran a command run,
// accepted one the game accepted.
func (p *player) line(line string) (quit, ran, accepted bool) {
	if i := strings.IndexByte(line, '#'); i >= 0 {
		line = line[:i]
	}
	w := strings.Fields(line)
	if len(w) == 0 {
		return false, false, false
	}
	p.remember(w[1:])
	word := strings.ToLower(w[0])
	if word == "quit" || word == "exit" {
		return true, false, false
	}
	if q, ok := queries[word]; ok {
		var v any
		err := p.refuseHidden(word, w[1:]) // hidden information (view.go)
		if err == nil {
			v, err = q(p, w[1:])
			v, err = p.masked(word, v, err)
		}
		p.answer(word, v, err)
		return false, false, false
	}
	if game.ParseVerb(word) == game.VerbEnd && len(w) == 1 && !p.confirm {
		if warn := p.g.EndWarning(); warn != "" {
			p.confirm = true
			p.answer("end", confirmEnd(warn), nil)
			return false, false, false
		}
	}
	p.confirm = false
	err := p.g.Exec(line)
	var rf *game.Refusal
	switch {
	case errors.As(err, &rf):
		// the engine printed it as an error event
	case err != nil:
		p.failed(err)
	}
	return false, true, err == nil
}

// confirmEnd asks for a second end before something is lost.
type confirmEnd string

func (c confirmEnd) String() string {
	return "ending the phase now: " + string(c) + ". Type end again to confirm."
}

// queryAnswer is a query's answer in JSON.
type queryAnswer struct {
	Query  string `json:"query"`
	Result any    `json:"result,omitempty"`
	Error  string `json:"error,omitempty"`
}

// waiting prints the decision the game waits for.
func (p *player) waiting() {
	pend := p.g.Pending()
	if pend == "" || p.json {
		return
	}
	fmt.Fprintln(p.out, "waiting for:", safe(pend))
}

// answer prints a query's answer, or its error, as text or JSON.
func (p *player) answer(word string, v any, err error) {
	if p.json {
		if err != nil {
			jsonLine(p.out, queryAnswer{Query: word, Error: err.Error()})
		} else {
			jsonLine(p.out, queryAnswer{Query: word, Result: v})
		}
		return
	}
	var rf *game.Refusal
	switch {
	case errors.As(err, &rf):
		fmt.Fprintln(p.out, "refused:", safe(rf.Error()))
	case err != nil:
		fmt.Fprintln(p.out, "error:", safe(err.Error()))
	default:
		fmt.Fprintln(p.out, safe(fmt.Sprint(v)))
	}
}

// failed prints an error of the rules module: the command was not refused
// but could not be carried out.
func (p *player) failed(err error) {
	if p.json {
		jsonLine(p.out, errorEvent{"error", err.Error()})
		return
	}
	fmt.Fprintln(p.out, "error:", safe(err.Error()))
}

// remember keeps the hex ids of a line for completion.
func (p *player) remember(args []string) {
	for _, a := range args {
		if id, ok := p.g.HexID(a); ok {
			p.named[id] = true
		}
	}
}

func noArgs(a []string, usage string) error {
	if len(a) > 0 {
		return fmt.Errorf("usage: %s", usage)
	}
	return nil
}

func oneArg[T any](a []string, usage string, f func(string) (T, error)) (any, error) {
	if len(a) != 1 {
		return nil, fmt.Errorf("usage: %s", usage)
	}
	return f(a[0])
}

func (p *player) reach(a []string) (any, error) {
	v, err := oneArg(a, "reach UNIT", p.g.ReachOf)
	if r, ok := v.(*game.Reach); ok && err == nil {
		for _, h := range r.Hexes {
			p.named[h.Hex] = true
		}
	}
	return v, err
}

// sideHexes is the answer to zoc.
type sideHexes struct {
	Side  string   `json:"side"`
	Hexes []string `json:"hexes"`
	Rule  string   `json:"rule"`
}

func (z sideHexes) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s zone of control: %d hexes (%s)", z.Side, len(z.Hexes), z.Rule)
	for i, h := range z.Hexes {
		if i%10 == 0 {
			b.WriteString("\n ")
		}
		b.WriteString(" " + h)
	}
	return b.String()
}

func (p *player) zoc(a []string) (any, error) {
	if len(a) != 1 {
		return nil, fmt.Errorf("usage: zoc SIDE (axis or soviet)")
	}
	hexes, err := p.g.ZOCOf(a[0])
	return sideHexes{strings.ToLower(a[0]), hexes, p.g.Rules.CiteRule("zoc")}, err
}

// sideSupply is the answer to supply.
type sideSupply struct {
	Side  string           `json:"side"`
	Units []game.SupplyRow `json:"units"`
	Rule  string           `json:"rule"`
}

func (s sideSupply) String() string {
	out := 0
	var lines []string
	for _, r := range s.Units {
		if !r.Now {
			out++
		}
		lines = append(lines, "  "+r.String())
	}
	head := fmt.Sprintf("%s supply: %d units on the map, %d out of supply now (%s)", s.Side, len(s.Units), out, s.Rule)
	return strings.Join(append([]string{head}, lines...), "\n")
}

func (p *player) supply(a []string) (any, error) {
	if len(a) != 1 {
		return nil, fmt.Errorf("usage: supply SIDE (axis or soviet)")
	}
	rows, err := p.g.SupplyOf(a[0])
	return sideSupply{strings.ToLower(a[0]), rows, p.g.Rules.CiteRule("supply")}, err
}

// unitRows is the answer to units.
type unitRows []game.UnitRow

func (u unitRows) String() string {
	lines := make([]string, len(u))
	for i, r := range u {
		lines[i] = r.String()
	}
	if len(lines) == 0 {
		return "no units"
	}
	return strings.Join(lines, "\n")
}

func (p *player) units(a []string) (any, error) {
	side, filter := "", ""
	for _, w := range a {
		switch strings.ToLower(w) {
		case "axis", "soviet":
			side = w
		default:
			if filter != "" {
				return nil, fmt.Errorf("usage: units [SIDE] [%s]", strings.Join(game.UnitFilters, "|"))
			}
			filter = w
		}
	}
	rows, err := p.g.UnitList(side, filter)
	return unitRows(rows), err
}

func (p *player) actions(a []string) (any, error) {
	if len(a) > 1 {
		return nil, fmt.Errorf("usage: actions [UNIT|HEX]")
	}
	ref := ""
	if len(a) == 1 {
		ref = a[0]
	}
	return p.g.ActionsOf(ref)
}

func (p *player) preview(a []string) (any, error) {
	if len(a) < 3 || !strings.EqualFold(a[1], "from") {
		return nil, fmt.Errorf("usage: preview HEX from HEX... (the defender's hex, then the attackers' hexes)")
	}
	return p.g.Preview(a[0], a[2:])
}

// helpLines says what each word does, commands and queries alike.
var helpLines = map[string]string{
	"move":      "move UNIT HEX...        move a unit along a path, hex by hex, or to a destination by the cheapest path",
	"rail":      "rail UNIT HEX           move a unit by rail (rail phase)",
	"attack":    "attack HEX from HEX...  attack the defender's hex from the attackers' hexes",
	"retreat":   "retreat HEX...          choose the defender's retreat path",
	"advance":   "advance UNIT            advance an attacker into the vacated hex",
	"noadvance": "noadvance               let no attacker advance",
	"loss":      "loss UNIT               choose the attacker that loses a step",
	"stand":     "stand                   the defender loses a step instead of retreating",
	"nostand":   "nostand                 the defender retreats (the attacker then chooses the path)",
	"undo":      "undo                    take back the last command, an end too (not past a die roll)",
	"actions":   "actions [UNIT|HEX]      what may be done now (by that unit), as the engine checks it",
	"place":     "place UNIT HEX          place a reinforcement, or a unit of the setup (place auto: the rest)",
	"rebuild":   "rebuild UNIT [HEX]      spend replacement points on a unit",
	"end":       "end                     end the current phase",
	"show":      "show HEX                terrain, hexsides, city, control, unit, ZOC and supply of a hex",
	"reach":     "reach UNIT              every hex the unit can move to now, with its least cost",
	"zoc":       "zoc SIDE                the hexes in that side's zone of control",
	"supply":    "supply SIDE             that side's units and whether each is in supply",
	"phase":     "phase                   turn, phase, weather, replacement points, pending decision",
	"units":     "units [SIDE] [FILTER]   the units as printed, where they are and their state (onmap, toplace, eliminated)",
	"preview":   "preview HEX from HEX... the odds, shifts and chances of an attack, without fighting it",
	"help":      "help                    this list",
	"save":      "save FILE               save the game (gpw play --load FILE continues it)",
	"export":    "export FILE.toml        write the scenario with its setup as laid out now (fixed hexes), for gpw check",
	"auto":      "auto on|off             let the engine make every pending choice by its default",
	"quit":      "quit                    leave the game",
}

// helpText is the answer to help: the engine's words, and the rules
// module's own command words with the help text the module gives
// (R.help).
type helpText struct {
	rules  string   // the module's name
	module []string // its command words' lines
}

func newHelpText(m *interp.Module) helpText {
	h := helpText{rules: m.Name}
	for _, w := range m.CommandWords() {
		l := m.Help(w)
		switch {
		case l == "":
			l = w + " (no help given by the module)"
		case !strings.HasPrefix(l, w):
			l = w + ": " + l
		}
		h.module = append(h.module, l)
	}
	return h
}

func (h helpText) lines() (cmds, mod, qs []string) {
	mod = []string{}
	line := func(w string) string {
		if l, ok := helpLines[w]; ok {
			return "  " + l
		}
		return "  " + w + " (see gpw run)"
	}
	for _, w := range game.Commands {
		cmds = append(cmds, line(w))
	}
	for _, l := range h.module {
		mod = append(mod, "  "+l)
	}
	for _, w := range game.Queries {
		qs = append(qs, line(w))
	}
	return cmds, mod, qs
}

func (h helpText) String() string {
	c, m, q := h.lines()
	s := "commands (a UNIT is a unit id or its hex; # starts a comment):\n" + strings.Join(c, "\n")
	if len(m) > 0 {
		s += "\ncommands of the rules (" + h.rules + "):\n" + strings.Join(m, "\n")
	}
	return s + "\nqueries (they change nothing):\n" + strings.Join(q, "\n")
}

// MarshalJSON lists the words with their lines.
func (h helpText) MarshalJSON() ([]byte, error) {
	c, m, q := h.lines()
	trim := func(s []string) []string {
		for i := range s {
			s[i] = strings.TrimSpace(s[i])
		}
		return s
	}
	return json.Marshal(map[string][]string{"commands": trim(c), "rules_commands": trim(m), "queries": trim(q)})
}

// Do completes the word before the cursor (readline.AutoCompleter): the
// command words first, then unit ids, hex ids, sides or "from" as the word
// in that place calls for.
func (p *player) Do(line []rune, pos int) ([][]rune, int) {
	head := string(line[:pos])
	words := strings.Fields(head)
	cur := ""
	if len(words) > 0 && !strings.HasSuffix(head, " ") {
		cur, words = words[len(words)-1], words[:len(words)-1]
	}
	rc := []rune(cur)
	var out [][]rune
	for _, c := range p.candidates(words) {
		r := []rune(c)
		if len(r) >= len(rc) && strings.EqualFold(string(r[:len(rc)]), cur) {
			out = append(out, append(r[len(rc):], ' '))
		}
	}
	return out, len(rc)
}

// candidates are the words that may follow the words before.
func (p *player) candidates(before []string) []string {
	if len(before) == 0 {
		return sorted(append(append(append([]string{}, game.Commands...), game.Queries...), p.g.Rules.CommandWords()...))
	}
	n, w := len(before), strings.ToLower(before[0])
	switch w {
	case "zoc", "supply", "units":
		if n == 1 {
			return []string{"axis", "soviet"}
		}
	case "attack", "preview":
		switch {
		case n == 1:
			return p.unitHexes()
		case n == 2:
			return []string{"from"}
		default:
			return p.unitHexes()
		}
	case "show":
		if n == 1 {
			return p.hexes()
		}
	case "move", "retreat":
		if n == 1 && w == "move" {
			return p.unitRefs()
		}
		return p.next(before[n-1])
	case "rail", "place", "rebuild":
		if n == 1 && w == "place" && p.g.InSetup() {
			return append(p.unitRefs(), "auto")
		}
		if n == 1 {
			return p.unitRefs()
		}
		if n == 2 {
			return p.hexes()
		}
	case "reach", "loss", "advance", "actions":
		if n == 1 {
			return p.unitRefs()
		}
	case "help":
		if n == 1 {
			return p.candidates(nil)
		}
	}
	return nil
}

// unitHexes are the hexes units stand in.
func (p *player) unitHexes() []string {
	rows, _ := p.g.UnitList("", "onmap")
	var out []string
	for _, r := range rows {
		out = append(out, r.Hex)
	}
	return sorted(out)
}

// unitRefs are the unit ids and the hexes units stand in.
func (p *player) unitRefs() []string {
	rows, _ := p.g.UnitList("", "")
	var out []string
	for _, r := range rows {
		out = append(out, r.ID)
	}
	return sorted(append(out, p.unitHexes()...))
}

// hexes are the hexes of units and the hexes named so far.
func (p *player) hexes() []string {
	out := p.unitHexes()
	for h := range p.named {
		out = append(out, h)
	}
	return sorted(out)
}

// next are the hexes touching the last hex of a path (or its unit's hex),
// then the other known hexes.
func (p *player) next(ref string) []string {
	hex, ok := p.g.HexID(ref)
	if !ok {
		rows, _ := p.g.UnitList("", "onmap")
		for _, r := range rows {
			if strings.EqualFold(r.ID, ref) {
				hex, ok = r.Hex, true
			}
		}
		if !ok {
			return p.hexes()
		}
	}
	return sorted(p.g.NeighborIDs(hex))
}

// sorted sorts and removes duplicates.
func sorted(s []string) []string {
	sort.Strings(s)
	out := s[:0]
	for i, x := range s {
		if i == 0 || x != s[i-1] {
			out = append(out, x)
		}
	}
	return out
}
