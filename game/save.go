package game

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing/fstest"

	"gpw/interp"
)

// SaveFormat is the save format this build writes and reads.
const SaveFormat = 1

// autoSetupMark in a save's command list stands for the automatic setup
// that PlayTurns performs.
const autoSetupMark = "!auto-setup"

// Save is a saved game: the scenario as it was read, the rules and their
// hash, the dice and every accepted command. Loading replays the commands,
// so a reload gives the same dice: nothing can be re-rolled.
type Save struct {
	Format        int    `json:"format_version"`
	Scenario      string `json:"scenario"`
	Source        string `json:"scenario_source"`
	Special       string `json:"special,omitempty"`        // the special rules' path
	SpecialSource string `json:"special_source,omitempty"` // and text
	// Files are the other files the scenario read from its folder (maps,
	// catalogues, schedules of its own, its rules module), by path.
	Files   map[string]string  `json:"files,omitempty"`
	Rules   string             `json:"rules"`
	Modules []interp.ModuleSum `json:"modules"`
	Hash    string             `json:"rules_hash"`
	Seed    int64              `json:"seed"`
	SeedSet bool               `json:"seed_set"`
	// Params are the rules module's parameters, every one the module
	// declares with its value (--param, else the default): pinned, so
	// that the replay plays the same rules.
	Params map[string]string `json:"params,omitempty"`
	// DiceSecret, hex, keys the dice instead of Seed (Options.Secret).
	DiceSecret string   `json:"dice_secret,omitempty"`
	Dice       []int    `json:"dice,omitempty"`
	Auto       bool     `json:"auto"`
	AutoSet    bool     `json:"auto_setup"`
	Commands   []string `json:"commands"`
	Turn       string   `json:"turn"`
	Phase      string   `json:"phase"`
	Rolls      int      `json:"rolls"`
	// Position is a digest of the position the game was saved in
	// (Game.Digest): the replay must end in it.
	Position string `json:"position,omitempty"`
	// Check is a SHA-256 over the rest of the save: a save edited by hand
	// is refused (unless forced).
	Check string `json:"check"`
}

// checksum is the SHA-256 of the save without its Check.
func (sv Save) checksum() string {
	sv.Check = ""
	b, _ := json.Marshal(sv)
	return fmt.Sprintf("%x", sha256.Sum256(b))
}

// Snapshot describes the game as a Save.
func (g *Game) Snapshot() *Save {
	sv := &Save{Format: SaveFormat, Scenario: g.Sc.File, Source: string(g.Sc.Source), Rules: g.fix.variant,
		Special: g.Sc.SpecialPath, SpecialSource: string(g.Sc.SpecialSource),
		Modules: g.Rules.Modules(), Hash: g.Rules.Hash(), Seed: g.Opts.Seed, SeedSet: g.Opts.SeedSet,
		Dice: slices.Clone(g.fix.startDice), Auto: g.fix.startAuto, AutoSet: g.Opts.AutoSetup, Commands: g.history.list(), Params: g.fix.params.Texts(),
		Turn: g.TurnName(g.turn), Phase: g.Phase().ID, Rolls: g.rolls, Position: g.Digest()}
	if g.Opts.Secret != nil {
		sv.DiceSecret = hex.EncodeToString(g.Opts.Secret)
	}
	if len(g.fix.files) > 0 {
		sv.Files = maps.Clone(g.fix.files)
	}
	sv.Seal()
	return sv
}

// Seal sets the save's check after a change made on purpose (a server
// withholding its dice secret until the game ends).
func (sv *Save) Seal() { sv.Check = sv.checksum() }

// WriteSave writes the game to path atomically: a temporary file in the
// same directory, synced, then renamed over path, so that a crash leaves
// either the old save or the new one, never half of one.
func (g *Game) WriteSave(path string) error {
	data, err := json.MarshalIndent(g.Snapshot(), "", " ")
	if err != nil {
		return err
	}
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, ".gpw-save-*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	defer os.Remove(tmp) // a no-op once renamed
	if _, err := f.Write(append(data, '\n')); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		return err
	}
	// The rename lasts once the folder is on disk too.
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
	return nil
}

// maxSaveSize is the largest save file gpw reads.
const maxSaveSize = 64 << 20

// ReadSave reads a save file without replaying it.
func ReadSave(path string) (*Save, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, fileError(path, err)
	}
	if !fi.Mode().IsRegular() || fi.Size() > maxSaveSize {
		return nil, fmt.Errorf("%s: not a gpw save (a regular file of at most %d MiB)", path, maxSaveSize>>20)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fileError(path, err)
	}
	sv, err := decodeSave(path, data)
	if err != nil {
		return nil, err
	}
	if sv.Format != SaveFormat {
		return nil, fmt.Errorf("%s: save format %d; this gpw reads format %d", path, sv.Format, SaveFormat)
	}
	return sv, nil
}

// LoadSave reads a save and replays it. The rules are loaded again and
// their hash compared with the saved one: a save made under other rules is
// refused unless force is set. builtin holds the built-in data.
func LoadSave(path string, builtin fs.FS, force bool, sink func(Event)) (*Game, error) {
	return LoadSaveWith(path, builtin, LoadOptions{Force: force}, sink)
}

// LoadOptions are the choices of LoadSaveWith.
type LoadOptions struct {
	Force  bool          // replay a save made under other rules, or edited
	Budget interp.Budget // the game's Lua budget, as in Options
}

// LoadSaveWith is LoadSave with a Lua budget for the game.
func LoadSaveWith(path string, builtin fs.FS, lo LoadOptions, sink func(Event)) (*Game, error) {
	force := lo.Force
	sv, err := ReadSave(path)
	if err != nil {
		return nil, err
	}
	// Everything is checked before anything in the save runs.
	var warnings []string
	if sv.Check != sv.checksum() {
		if !force {
			return nil, fmt.Errorf("%s was changed after gpw wrote it (its check does not match): refusing to replay an edited save; use --force to replay anyway", path)
		}
		warnings = append(warnings, "the save was changed after gpw wrote it; replayed anyway (--force)")
	}
	for i, d := range sv.Dice {
		if d < 1 || d > 6 {
			return nil, fmt.Errorf("%s: die %d of the forced dice is %d, not 1 to 6", path, i+1, d)
		}
	}
	if problem := sv.moduleList(); problem != "" {
		if !force {
			return nil, fmt.Errorf("%s: %s: refusing to replay it; use --force to replay anyway", path, problem)
		}
		warnings = append(warnings, problem+"; replayed anyway (--force)")
	}
	if changed := sv.changedModules(builtin); changed != "" {
		if !force {
			return nil, fmt.Errorf("%s was saved under rules %q with hash %.12s; a module changed since (%s). Refusing to replay it under other rules; use --force to replay anyway",
				path, sv.Rules, sv.Hash, changed)
		}
		warnings = append(warnings, "the rules changed since the save ("+changed+"); replayed anyway (--force)")
	}
	// The scenario and the files it read from its folder come from the
	// save itself; the rest from the built-in data.
	files := fstest.MapFS{}
	for name, data := range sv.Files {
		files[name] = &fstest.MapFile{Data: []byte(data)}
	}
	files[sv.Scenario] = &fstest.MapFile{Data: []byte(sv.Source)}
	if sv.Special != "" {
		files[sv.Special] = &fstest.MapFile{Data: []byte(sv.SpecialSource)}
	}
	sc, err := LoadScenario(files, sv.Scenario, builtin, sv.Rules)
	if err != nil {
		return nil, fmt.Errorf("%s: the saved scenario: %w", path, err)
	}
	o := Options{Rules: sv.Rules, Seed: sv.Seed, SeedSet: sv.SeedSet, Dice: sv.Dice, Auto: sv.Auto, AutoSetup: sv.AutoSet, NoUndo: true, Budget: lo.Budget, Params: sv.Params}
	if sv.DiceSecret != "" {
		if o.Secret, err = hex.DecodeString(sv.DiceSecret); err != nil || len(o.Secret) != 32 {
			return nil, fmt.Errorf("%s: dice_secret is not 32 bytes in hex", path)
		}
	}
	g, err := New(sc, o, builtin, func(Event) {})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if g.Rules.Hash() != sv.Hash {
		if !force {
			return nil, fmt.Errorf("%s was saved under rules %q with hash %.12s; they load now with hash %.12s (another module is required). Refusing to replay it under other rules; use --force to replay anyway",
				path, sv.Rules, sv.Hash, g.Rules.Hash())
		}
		warnings = append(warnings, "the rules load other modules than when the game was saved; replayed anyway (--force)")
	}
	// The replay counts its Lua instructions against the game's budget
	// (Budget.Game), as the game did when it was played: a module slow
	// on purpose cannot make a long save take hours to load.
	for i, c := range sv.Commands {
		if c == autoSetupMark { // saves of an earlier gpw
			if err := g.AutoSetup(); err != nil {
				return nil, err
			}
			g.history = g.history.push(autoSetupMark)
			continue
		}
		if err := g.Exec(c); err != nil {
			return nil, fmt.Errorf("%s: command %d (%q) no longer replays: %v", path, i+1, c, err)
		}
	}
	switch {
	case g.rolls != sv.Rolls:
		return nil, fmt.Errorf("%s: the replay diverged: it rolled %d dice where the game rolled %d; %s", path, g.rolls, sv.Rolls, g.divergence())
	case g.TurnName(g.turn) != sv.Turn || g.Phase().ID != sv.Phase:
		return nil, fmt.Errorf("%s: the replay diverged: it ends in %s, %s where the game was saved in %s, %s; %s", path, g.TurnName(g.turn), g.Phase().ID, sv.Turn, sv.Phase, g.divergence())
	case sv.Position != "" && g.Digest() != sv.Position:
		if !force {
			return nil, fmt.Errorf("%s: the replay diverged: it ends in another position than the game was saved in; %s; use --force to load that position anyway", path, g.divergence())
		}
		warnings = append(warnings, "the replay ends in another position than the game was saved in; loaded anyway (--force)")
	}
	g.Opts.NoUndo = false
	g.SetSink(sink)
	for _, w := range warnings {
		g.emit(EventWarning, w, Field{"warning", w})
	}
	g.flush()
	return g, nil
}

// divergence says why a replay may end elsewhere than its game: a rules
// module that is not deterministic (it keeps game state in Lua, not in
// the store, or reads what differs from run to run), or an edited save.
func (g *Game) divergence() string {
	return fmt.Sprintf("the rules module (%s) may not be deterministic: it must keep the game's state in its store, not in Lua, and take nothing from outside the game (a table's address from tostring, how often a hook was called); or the save was edited", g.Rules.Module.Module)
}

// moduleList checks the save's list of modules against its hash and its
// rules, before anything runs: "" when they agree, else the problem.
func (sv *Save) moduleList() string {
	switch top := interp.TopFile(sv.Rules); {
	case interp.HashOf(sv.Modules) != sv.Hash:
		return "the save's list of modules does not give its rules hash"
	case !slices.ContainsFunc(sv.Modules, func(m interp.ModuleSum) bool { return m.Path == top }):
		return fmt.Sprintf("the save's list of modules lacks %s, the module of its rules %q", top, sv.Rules)
	}
	return ""
}

// changedModules names the modules of the save whose source is no longer
// what it was ("" when none changed), reading them without running them.
func (sv *Save) changedModules(builtin fs.FS) string {
	var out []string
	for _, m := range sv.Modules {
		var sum string
		var err error
		if m.Path == sv.Special {
			sum = fmt.Sprintf("%x", sha256.Sum256([]byte(sv.SpecialSource)))
		} else {
			sum, err = interp.FileSum(sv.Rules, builtin, m.Path)
		}
		if err != nil || sum != m.SHA256 {
			out = append(out, m.Path)
		}
	}
	if len(sv.Modules) == 0 {
		out = append(out, "the save lists no modules")
	}
	return strings.Join(out, ", ")
}

// Digest is a SHA-256 of the game's position and progress: the turn and
// phase, the dice rolled, each unit's hex, status and step, control, the
// phase's bookkeeping, the pending battle's steps and what the rules keep.
// A save records it; its replay must end in the same.
func (g *Game) Digest() string {
	h := sha256.New()
	fmt.Fprintf(h, "%d %d %v %v %q %d %v %d %d\n", g.turn, g.pos, g.over, g.winner, g.weather, g.rolls, g.points, g.railUsed, len(g.steps))
	b := make([]byte, 0, 8*len(g.S.Units)+len(g.S.Control))
	for k := range g.S.Units {
		u := &g.S.Units[k]
		b = binary.AppendVarint(b, int64(u.Hex))
		b = append(b, byte(u.Status), b2byte(u.Reduced), b2byte(g.moved[k]), b2byte(g.attacked[k]), b2byte(g.defended[k]), b2byte(g.awaiting[k]))
	}
	for _, c := range g.S.Control {
		b = append(b, byte(c))
	}
	h.Write(b)
	for _, k := range g.store.Keys() {
		fmt.Fprintf(h, "%d %d %q %#v\n", k.Scope, k.Index, k.Name, g.store.Get(k))
	}
	return fmt.Sprintf("%x", h.Sum(nil))
}

func b2byte(v bool) byte {
	if v {
		return 1
	}
	return 0
}
