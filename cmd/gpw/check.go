package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"gpw"
	"gpw/game"
	"gpw/scenario"
)

// checkOptions are the arguments of gpw check.
type checkOptions struct {
	IO    *ioStreams
	Files []string
	Rules string
	// Play plays one bot game per variant of each scenario to its end.
	Play bool
}

func newCheckCmd(ios *ioStreams) *cobra.Command {
	o := &checkOptions{IO: ios}
	cmd := &cobra.Command{
		Use:   "check FILE...",
		Short: "Validate scenarios, unit catalogues, schedules, maps and rules modules, with file and line",
		Long: `Check validates each file as what it is, naming the file and line of
every problem. A scenario is checked whole: its setup for both sides at
once (areas that overlap or cannot hold their units), every schedule turn
against its span, its victory conditions, its [bot] table, and a game
started under each of its variants. A scenario's special-rules .lua file
is checked through the scenario beside it that names it.

With --play, one game per variant is played bot against bot to the end:
an error that only play reaches (a special rule failing in a late turn)
is reported with the scenario, the variant and the turn.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			o.Files = args
			return checkRun(o)
		},
	}
	cmd.Flags().StringVar(&o.Rules, "rules", "", "check against these rules (default: each scenario's)")
	cmd.Flags().BoolVar(&o.Play, "play", false, "play one bot game per variant of each scenario to its end")
	return cmd
}

func checkRun(o *checkOptions) error {
	bad := 0
	for _, f := range o.Files {
		// A rules module is loaded as a variant would be.
		if strings.HasSuffix(f, ".lua") {
			if ok, err := checkSpecial(o, f); ok { // a scenario's special rules (checkplay.go)
				if report(o, f, err) {
					bad++
				}
				continue
			}
			r, err := loadRules(f)
			if err == nil {
				warn(o, f, r.Lint())
				if _, err = game.FogOf(r.Module); err != nil { // R.fog is read by the engine (game/fog.go)
					r.Close()
				} else {
					r.Close()
				}
			} else if strings.Contains(err.Error(), "must return a table, not function") {
				if ok, serr := checkSpecial(o, f); ok {
					err = serr
				}
			}
			if report(o, f, err) {
				bad++
			}
			continue
		}
		// Catalogues, schedules and maps are checked as what they are.
		if _, serr := os.Stat(f); serr == nil {
			dir, file := filepath.Split(f)
			if dir == "" {
				dir = "."
			}
			kind, err := checkDataFile(dir, file, o.Rules)
			if kind != "scenario" && kind != "" {
				if report(o, f, err) {
					bad++
				}
				continue
			}
		}
		sc, err := loadScenario(f, o.Rules)
		if err == nil {
			var g *game.Game
			g, err = game.New(sc, game.Options{Rules: o.Rules}, rulesFS(), nil)
			if err == nil {
				warn(o, f, g.Rules.Lint())
				err = thorough(o, f, sc)
			}
		}
		if report(o, f, err) {
			bad++
		}
	}
	if bad > 0 {
		return silentError{fmt.Sprintf("%d file(s) with problems", bad)}
	}
	return nil
}

// warn prints what a module's Lint found: likely mistakes that do not
// stop it loading (a misspelt field is never read).
func warn(o *checkOptions, f string, lint []string) {
	for _, l := range lint {
		fmt.Fprintf(o.IO.Out, "%s: warning: %s\n", safe(f), safe(l))
	}
}

// checkDataFile checks file in folder dir as the data file it is, for the
// turns and kinds of rules (default: those of gdw and adc2).
func checkDataFile(dir, file, rules string) (string, error) {
	k := scenario.DefaultKinds()
	if rules != "" {
		var err error
		if k, err = game.RulesKinds(rules, gpw.Data); err != nil {
			return "", err
		}
	}
	d, err := scenario.OpenDir(dir)
	if err != nil {
		return "", err
	}
	defer d.Close()
	return scenario.CheckFileWith(d, file, gpw.Data, k)
}

// report prints a file's problems, or that it is fine; it reports whether
// there were problems.
func report(o *checkOptions, f string, err error) bool {
	if err == nil {
		fmt.Fprintf(o.IO.Out, "%s: ok\n", f)
		return false
	}
	if es, ok := err.(scenario.Errors); ok {
		for _, e := range es {
			fmt.Fprintln(o.IO.Out, safe(e.Error()))
		}
	} else if msg := strings.TrimSpace(err.Error()); strings.HasPrefix(msg, f) {
		fmt.Fprintln(o.IO.Out, safe(msg))
	} else {
		fmt.Fprintf(o.IO.Out, "%s: %s\n", safe(f), safe(msg))
	}
	return true
}
