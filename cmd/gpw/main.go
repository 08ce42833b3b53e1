// Command gpw plays The Great Patriotic War under a chosen rules variant.
package main

import (
	"fmt"
	"os"
)

func main() {
	root := newRootCmd(os.Stdin, os.Stdout, os.Stderr)
	if err := root.Execute(); err != nil {
		if _, quiet := err.(silentError); !quiet {
			fmt.Fprintln(os.Stderr, "gpw:", err)
		}
		os.Exit(1)
	}
}
