package game

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"testing/fstest"

	"gpw/interp"
	"gpw/scenario"
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
	Format        int                `json:"format_version"`
	Scenario      string             `json:"scenario"`
	Source        string             `json:"scenario_source"`
	Special       string             `json:"special,omitempty"`        // the special rules' path
	SpecialSource string             `json:"special_source,omitempty"` // and text
	Rules         string             `json:"rules"`
	Modules       []interp.ModuleSum `json:"modules"`
	Hash          string             `json:"rules_hash"`
	Seed          int64              `json:"seed"`
	SeedSet       bool               `json:"seed_set"`
	Dice          []int              `json:"dice,omitempty"`
	Auto          bool               `json:"auto"`
	AutoSet       bool               `json:"auto_setup"`
	Commands      []string           `json:"commands"`
	Turn          string             `json:"turn"`
	Phase         string             `json:"phase"`
	Rolls         int                `json:"rolls"`
}

// Snapshot describes the game as a Save.
func (g *Game) Snapshot() *Save {
	return &Save{Format: SaveFormat, Scenario: g.Sc.File, Source: string(g.Sc.Source), Rules: g.fix.variant,
		Special: g.Sc.SpecialPath, SpecialSource: string(g.Sc.SpecialSource),
		Modules: g.Rules.Modules(), Hash: g.Rules.Hash(), Seed: g.Opts.Seed, SeedSet: g.Opts.SeedSet,
		Dice: g.fix.startDice, Auto: g.fix.startAuto, AutoSet: g.Opts.AutoSetup, Commands: append([]string{}, g.history...),
		Turn: g.TurnName(g.turn), Phase: g.Phase().ID, Rolls: g.rolls}
}

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
	return os.Rename(tmp, path)
}

// LoadSave reads a save and replays it. The rules are loaded again and
// their hash compared with the saved one: a save made under other rules is
// refused unless force is set. builtin holds the built-in data.
func LoadSave(path string, builtin fs.FS, force bool, sink func(Event)) (*Game, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var sv Save
	if err := json.Unmarshal(data, &sv); err != nil {
		return nil, fmt.Errorf("%s: not a gpw save: %v", path, err)
	}
	if sv.Format != SaveFormat {
		return nil, fmt.Errorf("%s: save format %d; this gpw reads format %d", path, sv.Format, SaveFormat)
	}
	// The scenario and its special rules come from the save itself; unit
	// catalogues and maps from the built-in data.
	files := fstest.MapFS{sv.Scenario: {Data: []byte(sv.Source)}}
	if sv.Special != "" {
		files[sv.Special] = &fstest.MapFile{Data: []byte(sv.SpecialSource)}
	}
	sc, err := scenario.Load(files, sv.Scenario, builtin)
	if err != nil {
		return nil, fmt.Errorf("%s: the saved scenario: %w", path, err)
	}
	quiet := func(Event) {}
	g, err := New(sc, Options{Rules: sv.Rules, Seed: sv.Seed, SeedSet: sv.SeedSet, Dice: sv.Dice, Auto: sv.Auto, AutoSetup: sv.AutoSet}, builtin, quiet)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if h := g.Rules.Hash(); h != sv.Hash && !force {
		g.Close()
		return nil, fmt.Errorf("%s was saved under rules %q with hash %.12s; the rules now hash %.12s (a module changed: %s). Refusing to replay it under other rules; use --force to replay anyway",
			path, sv.Rules, sv.Hash, h, changedModules(sv.Modules, g.Rules.Modules()))
	}
	for i, c := range sv.Commands {
		if c == autoSetupMark {
			if err := g.AutoSetup(); err != nil {
				g.Close()
				return nil, err
			}
			g.history = append(g.history, autoSetupMark)
			continue
		}
		if err := g.Exec(c); err != nil {
			g.Close()
			return nil, fmt.Errorf("%s: command %d (%q) no longer replays: %v", path, i+1, c, err)
		}
	}
	if g.rolls != sv.Rolls {
		g.Close()
		return nil, fmt.Errorf("%s: the replay rolled %d dice where the game rolled %d: the save does not match this engine", path, g.rolls, sv.Rolls)
	}
	g.SetSink(sink)
	return g, nil
}

func changedModules(was, now []interp.ModuleSum) string {
	old := map[string]string{}
	for _, m := range was {
		old[m.Path] = m.SHA256
	}
	out := ""
	for _, m := range now {
		if old[m.Path] != m.SHA256 {
			if out != "" {
				out += ", "
			}
			out += m.Path
		}
	}
	if out == "" {
		out = "a module was added or removed"
	}
	return out
}
