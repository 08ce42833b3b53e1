package main

import (
	"io"
	"io/fs"
	"os"
	"path"
	"strings"

	"github.com/spf13/cobra"

	"gpw"
	"gpw/game"
	"gpw/scenario"
)

// silentError fails the command without another message: what went wrong
// was already printed (refused commands with --keep-going).
type silentError struct{ msg string }

func (e silentError) Error() string { return e.msg }

// ioStreams are a command's input and outputs.
type ioStreams struct {
	In       io.Reader
	Out, Err io.Writer
}

func newRootCmd(in io.Reader, out, errw io.Writer) *cobra.Command {
	ios := &ioStreams{In: in, Out: out, Err: errw}
	root := &cobra.Command{
		Use:           "gpw",
		Short:         "The Great Patriotic War, with every rule enforced",
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetIn(in)
	root.SetOut(out)
	root.SetErr(errw)
	root.AddCommand(newTestCmd(ios, nil)) // test.go: gpw test DIR

	root.AddCommand(newRunCmd(ios, nil), newPlayCmd(ios, nil), newCheckCmd(ios), newRulesCmd(ios), newCrtCmd(ios), newOddsCmd(ios, nil),
		newScenariosCmd(ios), newMapCmd(ios), newSimCmd(ios), newTuneCmd(ios), newBotsCmd(ios), newServeCmd(ios), newVerifyCmd(ios))
	return root
}

// loadScenario reads a scenario from a file path, or by name from the
// built-in scenarios/ directory ("rulebook/movement"), for the rules it is
// played under: rules (as --rules), or else the scenario's own.
func loadScenario(ref, rules string) (*scenario.Scenario, error) {
	if _, err := os.Stat(ref); err == nil {
		return game.LoadScenarioFile(ref, gpw.Data, rules)
	}
	name := strings.TrimSuffix(ref, ".toml")
	file := path.Join("scenarios", name+".toml")
	if _, err := fs.Stat(gpw.Data, file); err != nil {
		return nil, &scenario.Error{File: ref, Msg: "no such file, and no built-in scenario of that name (see gpw scenarios)"}
	}
	return game.LoadScenario(gpw.Data, file, gpw.Data, rules)
}

// rulesFS is the built-in rules directory.
func rulesFS() fs.FS { return gpw.Data }
