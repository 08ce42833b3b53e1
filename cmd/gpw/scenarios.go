package main

// gpw scenarios (issue 5): list the built-in scenarios with their variants
// and turn spans; --check validates every scenario (under each variant it
// supports whose rules exist), unit catalogue, schedule and map.

import (
	"fmt"
	"io/fs"
	"path"
	"strings"

	"github.com/spf13/cobra"

	"gpw/game"
	"gpw/scenario"
)

type scenariosOptions struct {
	IO    *ioStreams
	Check bool
}

func newScenariosCmd(ios *ioStreams) *cobra.Command {
	o := &scenariosOptions{IO: ios}
	cmd := &cobra.Command{
		Use:   "scenarios",
		Short: "List the built-in scenarios: name, variants, turn span",
		Long: `Scenarios lists every built-in scenario by the name that --scenario takes,
with the rules variants it supports and its first and last turns. With
--check it also loads each one under each of its variants and validates
every unit catalogue, schedule and map, naming file and line for each
problem.`,
		Args: cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error { return scenariosRun(o) },
	}
	cmd.Flags().BoolVar(&o.Check, "check", false, "validate every scenario, unit catalogue, schedule and map")
	return cmd
}

func scenariosRun(o *scenariosOptions) error {
	data := rulesFS()
	list, err := scenario.List(data)
	if err != nil {
		return err
	}
	bad := 0
	for _, h := range list {
		name, f := h.Name, h.File
		span := h.Start
		if h.End != "" && h.End != h.Start {
			span += " – " + h.End
		}
		if !o.Check {
			fmt.Fprintf(o.IO.Out, "%-28s %-10s %-28s %s\n", safe(name), safe(strings.Join(h.Variants, ",")), safe(span), safe(h.Title))
			continue
		}
		for _, v := range h.Variants {
			if _, known := variantModule(v); !known {
				fmt.Fprintf(o.IO.Out, "%s [%s]: skipped (no rules/%s module yet)\n", name, v, v)
				continue
			}
			if err := checkOne(data, f, v); err != nil {
				bad++
				fmt.Fprintf(o.IO.Out, "%s\n", safe(strings.TrimSpace(err.Error())))
				continue
			}
			fmt.Fprintf(o.IO.Out, "%s [%s]: ok\n", name, v)
		}
	}
	if o.Check {
		bad += checkData(o, data)
		if bad > 0 {
			return silentError{fmt.Sprintf("%d problem(s)", bad)}
		}
	}
	return nil
}

// variantModule reports whether variant's module exists.
func variantModule(v string) (string, bool) {
	for _, n := range variantNames() {
		if n == v {
			return n, true
		}
	}
	return "", false
}

// checkOne loads file and sets up a game of it under variant v.
func checkOne(data fs.FS, file, v string) error {
	sc, err := game.LoadScenario(data, file, data, v)
	if err != nil {
		return err
	}
	_, err = game.New(sc, game.Options{Rules: v, AutoSetup: true}, data, nil)
	return err
}

// checkData validates every unit catalogue and map file.
func checkData(o *scenariosOptions, data fs.FS) int {
	bad := 0
	report := func(what string, err error) {
		if err != nil {
			bad++
			fmt.Fprintln(o.IO.Out, safe(strings.TrimSpace(err.Error())))
			return
		}
		fmt.Fprintf(o.IO.Out, "%s: ok\n", what)
	}
	if ents, err := fs.ReadDir(data, "scenarios/units"); err == nil {
		for _, e := range ents {
			name := strings.TrimSuffix(e.Name(), ".toml")
			if !e.IsDir() && !strings.HasSuffix(e.Name(), ".toml") {
				continue
			}
			c, err := scenario.LoadCatalog(data, name)
			if err == nil {
				report(fmt.Sprintf("units %s (%d counters)", name, len(c.Units)), nil)
			} else {
				report("", err)
			}
		}
	}
	if ents, err := fs.ReadDir(data, "scenarios/schedules"); err == nil {
		for _, e := range ents {
			if e.IsDir() || !strings.HasSuffix(e.Name(), ".toml") {
				continue
			}
			f := path.Join("scenarios/schedules", e.Name())
			_, err := scenario.CheckFile(data, f, data)
			report(f, err)
		}
	}
	if ents, err := fs.ReadDir(data, "maps"); err == nil {
		for _, e := range ents {
			if e.IsDir() || !strings.HasSuffix(e.Name(), ".toml") {
				continue
			}
			_, err := scenario.LoadMapFile(data, path.Join("maps", e.Name()))
			report("maps/"+e.Name(), err)
		}
	}
	return bad
}
