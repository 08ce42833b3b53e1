package main

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"gpw/interp"
	"gpw/sim/battle"
)

// crtOptions are the flags of gpw crt.
type crtOptions struct {
	IO    *ioStreams
	Rules string
	JSON  bool
}

func newCrtCmd(ios *ioStreams) *cobra.Command {
	o := &crtOptions{IO: ios}
	cmd := &cobra.Command{
		Use:   "crt [--rules gdw|adc2|FILE.lua]",
		Short: "Print the Combat Results Table of a rules variant",
		Args:  cobra.NoArgs,
		RunE:  func(*cobra.Command, []string) error { return crtRun(o) },
	}
	cmd.AddCommand(newCrtCompareCmd(&crtCompareOptions{IO: ios}))
	cmd.Flags().StringVar(&o.Rules, "rules", "gdw", "rules: gdw, adc2 or a .lua file")
	cmd.Flags().BoolVar(&o.JSON, "json", false, `print {"columns": [...], "rows": [[...], ...]}`)
	return cmd
}

// crtTable is a CRT: columns by odds, rows by die roll.
type crtTable struct {
	Columns []string   `json:"columns"`
	Rows    [][]string `json:"rows"`
}

func crtRun(o *crtOptions) error {
	variant := o.Rules
	if variant == "" {
		variant = "gdw"
	}
	r, err := interp.Load(variant, rulesFS(), interp.NopHost{})
	if err != nil {
		return err
	}
	defer r.Close()
	t := crtTable{Columns: r.CRTColumns, Rows: r.CRT}
	if o.JSON {
		b, err := json.Marshal(t)
		if err != nil {
			return err
		}
		fmt.Fprintf(o.IO.Out, "%s\n", b)
		return nil
	}
	fmt.Fprintf(o.IO.Out, "Combat Results Table, %s (%s): odds columns, one row per die roll\n", r.Name, r.ID)
	fmt.Fprint(o.IO.Out, t.String())
	return nil
}

// String prints the table with a die column and aligned columns.
func (t crtTable) String() string {
	w := 3 // "die"
	for _, c := range t.Columns {
		w = max(w, len(c))
	}
	for _, row := range t.Rows {
		for _, c := range row {
			w = max(w, len(c))
		}
	}
	var b strings.Builder
	line := func(first string, cells []string) {
		l := fmt.Sprintf("%-*s", w, first)
		for _, c := range cells {
			l += fmt.Sprintf("  %-*s", w, c)
		}
		b.WriteString(strings.TrimRight(l, " ") + "\n")
	}
	line("die", t.Columns)
	for i, row := range t.Rows {
		line(fmt.Sprint(i+1), row)
	}
	return b.String()
}

// crtCompareOptions are the arguments of gpw crt compare.
type crtCompareOptions struct {
	IO   *ioStreams
	A, B string
	JSON bool
	PNG  string
}

func newCrtCompareCmd(o *crtCompareOptions) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "compare A B",
		Short: "Compare two rules' combat exactly: results and expected losses by odds and weather, in a reference battle",
		Long: `Compare fights a reference battle (printed with the table) under each
rules module at every odds column of either and every weather of their
calendars, once for each face of the die, on the engine with the
module's own odds, CRT and results: no simulation, nothing hard-coded.`,
		Args: cobra.ExactArgs(2),
		RunE: func(_ *cobra.Command, args []string) error {
			o.A, o.B = args[0], args[1]
			return crtCompareRun(o)
		},
	}
	cmd.Flags().BoolVar(&o.JSON, "json", false, "print the comparison as JSON")
	cmd.Flags().StringVar(&o.PNG, "png", "", "also draw the expected losses as a chart (a .png file)")
	return cmd
}

func crtCompareRun(o *crtCompareOptions) error {
	c, err := battle.Standard.Compare(o.A, o.B, rulesFS())
	if err != nil {
		return err
	}
	if o.PNG != "" {
		if err := c.WritePNG(o.PNG); err != nil {
			return err
		}
		fmt.Fprintln(o.IO.Err, "wrote", o.PNG)
	}
	if o.JSON {
		return jsonIndented(o.IO.Out, c, " ")
	}
	return c.WriteText(o.IO.Out)
}
