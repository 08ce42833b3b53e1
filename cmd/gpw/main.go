// Command gpw plays The Great Patriotic War under a chosen rules variant.
package main

import (
	"fmt"
	"gpw/interp"
	"os"
	"runtime/debug"
)

func main() { os.Exit(run()) }

// run runs the command line and returns the exit status. A panic (a bug:
// every bad input has its error) is reported in a line, without Go's
// stack trace unless GPW_TRACEBACK is set.
// softMemoryLimit is the Go heap's soft limit unless GOMEMLIMIT is set.
const softMemoryLimit = 448 << 20

func run() (status int) {
	if os.Getenv("GPW_TRACEBACK") == "" {
		defer func() {
			if p := recover(); p != nil {
				fmt.Fprintf(os.Stderr, "gpw: internal error: %v (a bug in gpw: please report it with the command and files that caused it; GPW_TRACEBACK=1 shows where it happened)\n", p)
				status = 2
			}
		}()
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		// Garbage must not carry the process past what a hostile module
		// is allowed (docs/security.md): the collector works harder near
		// this soft limit. GOMEMLIMIT raises it (a big gpw serve).
		debug.SetMemoryLimit(softMemoryLimit)
	}
	root := newRootCmd(os.Stdin, os.Stdout, os.Stderr)
	if err := root.Execute(); err != nil {
		if _, quiet := err.(silentError); !quiet {
			fmt.Fprintln(os.Stderr, "gpw:", interp.Reported(err))
		}
		return 1
	}
	return 0
}
