package main

import (
	"fmt"
	"io"
	"io/fs"
	"sort"
	"strings"

	"github.com/spf13/cobra"

	"gpw/interp"
)

// rulesOptions are the arguments of gpw rules.
type rulesOptions struct {
	IO *ioStreams
}

func newRulesCmd(ios *ioStreams) *cobra.Command {
	o := &rulesOptions{IO: ios}
	cmd := &cobra.Command{
		Use:   "rules",
		Short: "List the rules variants, with a line on each",
		Args:  cobra.NoArgs,
		RunE:  func(*cobra.Command, []string) error { return rulesRun(o) },
	}
	cmd.AddCommand(newRulesDiffCmd(&rulesDiffOptions{IO: ios}))
	return cmd
}

// variantNames lists the built-in variants whose modules exist.
func variantNames() []string {
	var names []string
	for v, mod := range interp.Variants {
		if _, err := fs.Stat(rulesFS(), "rules/"+mod+".lua"); err == nil {
			names = append(names, v)
		}
	}
	sort.Strings(names)
	return names
}

// loadRules loads a variant only to read it.
func loadRules(v string) (*interp.Rules, error) {
	return interp.Load(v, rulesFS(), interp.NopHost{})
}

func rulesRun(o *rulesOptions) error {
	for _, v := range variantNames() {
		r, err := loadRules(v)
		if err != nil {
			return err
		}
		fmt.Fprintf(o.IO.Out, "%-6s %s — %s\n", v, r.Name, strings.TrimSpace(r.Description))
		printParams(o.IO.Out, r.Module)
		r.Close()
	}
	fmt.Fprintln(o.IO.Out, "(or --rules path/to/house.lua: a module that requires one of these)")
	return nil
}

// printParams lists a module's parameters (R.params), as --param sets them.
func printParams(w io.Writer, m *interp.Module) {
	for _, p := range m.Params {
		fmt.Fprintf(w, "       --param %s=%s (%s): %s (%s)\n", p.Name, p.Default, p.Range(), p.Text, p.Cite)
	}
}
