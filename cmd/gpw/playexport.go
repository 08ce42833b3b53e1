package main

import (
	"fmt"
	"os"
	"path/filepath"

	"gpw/game"
	"gpw/scenario"
)

// setupPositions are the hexes of the scenario's setup units on the map
// now, by unit id.
func setupPositions(g *game.Game) map[string]string { return g.SetupPositions() }

// exportedTo is the answer to export.
type exportedTo struct {
	file   string
	placed int
}

func (e exportedTo) String() string {
	return fmt.Sprintf("the setup as laid out (%d units on fixed hexes) written to %s: check it with gpw check %s", e.placed, e.file, e.file)
}

// exportSetup writes the scenario with its setup as laid out on the board
// (gpw play's export FILE.toml): the designer's setup mode. It changes
// nothing in the game.
func (p *player) exportSetup(a []string) (any, error) {
	if len(a) != 1 || filepath.Ext(a[0]) != ".toml" {
		return nil, fmt.Errorf("usage: export FILE.toml")
	}
	at := setupPositions(p.g)
	data, err := scenario.ExportSetup(p.g.Sc, at)
	if err != nil {
		return nil, err
	}
	if err := writeFileAtomic(a[0], data); err != nil {
		return nil, err
	}
	return exportedTo{a[0], len(at)}, nil
}

// writeFileAtomic writes data to a temporary file beside file, then
// renames it.
func writeFileAtomic(file string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(file), ".gpw-export-*")
	if err != nil {
		return err
	}
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return os.Rename(tmp.Name(), file)
}
