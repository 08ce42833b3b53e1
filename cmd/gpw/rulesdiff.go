package main

import (
	"encoding/json"
	"fmt"

	"github.com/spf13/cobra"

	"gpw/interp"
)

// rulesDiffOptions are the arguments of gpw rules diff.
type rulesDiffOptions struct {
	IO   *ioStreams
	A, B string
	JSON bool
}

func newRulesDiffCmd(o *rulesDiffOptions) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "diff A B",
		Short: "List what differs between two rules (gdw, adc2 or .lua files): each field, its rule, and what it changes in play",
		Args:  cobra.ExactArgs(2),
		RunE: func(_ *cobra.Command, args []string) error {
			o.A, o.B = args[0], args[1]
			return rulesDiffRun(o)
		},
	}
	cmd.Flags().BoolVar(&o.JSON, "json", false, "print the differences as a JSON array")
	return cmd
}

func rulesDiffRun(o *rulesDiffOptions) error {
	a, err := loadRules(o.A)
	if err != nil {
		return err
	}
	defer a.Close()
	b, err := loadRules(o.B)
	if err != nil {
		return err
	}
	defer b.Close()
	ds := interp.Diff(a.Module, b.Module)
	if o.JSON {
		if ds == nil {
			ds = []interp.Difference{}
		}
		out, err := json.MarshalIndent(ds, "", " ")
		if err != nil {
			return err
		}
		fmt.Fprintln(o.IO.Out, string(out))
		return nil
	}
	if len(ds) == 0 {
		fmt.Fprintf(o.IO.Out, "%s and %s set the same rules\n", o.A, o.B)
		return nil
	}
	for _, d := range ds {
		cite := ""
		if d.Rule != "" {
			cite = "  (" + d.Rule + ")"
		}
		fmt.Fprintf(o.IO.Out, "%-28s %s: %s | %s: %s%s\n", d.Key, o.A, orNone(d.A), o.B, orNone(d.B), cite)
		if d.Says != "" {
			fmt.Fprintf(o.IO.Out, "    %s\n", d.Says)
		}
	}
	fmt.Fprintf(o.IO.Out, "%d difference(s)\n", len(ds))
	return nil
}

func orNone(s string) string {
	if s == "" {
		return "(none)"
	}
	return s
}
