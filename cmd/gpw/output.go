package main

import (
	"encoding/json"
	"fmt"
	"io"

	"gpw/game"
	"gpw/interp"
)

// jsonLine writes v as one line of JSON: the one encoder of run, play and
// odds. A value that cannot be encoded is written as an error object.
func jsonLine(w io.Writer, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		b, _ = json.Marshal(errorEvent{"error", err.Error()})
	}
	fmt.Fprintf(w, "%s\n", b)
}

// jsonIndented writes v as indented JSON and a newline: the reports of
// sim, crt, rules diff and the bots' ladder and history.
func jsonIndented(w io.Writer, v any, indent string) error {
	b, err := json.MarshalIndent(v, "", indent)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", b)
	return err
}

// errorEvent is an error printed as the engine's error events are.
type errorEvent struct {
	Event string `json:"event"`
	Error string `json:"error"`
}

// printer writes events as text or JSON lines.
func printer(w io.Writer, asJSON bool) func(game.Event) {
	return func(e game.Event) {
		if asJSON {
			jsonLine(w, e)
			return
		}
		fmt.Fprintln(w, safe(e.Text))
	}
}

// safe is a text of the game (a scenario's ids, names and places, a
// module's words) made safe to print on a terminal: its control
// characters escaped, as interp does for module texts.
func safe(s string) string { return interp.SafeText(s) }
