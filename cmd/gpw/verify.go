package main

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"gpw/serve"
)

// verifyOptions are the arguments of gpw verify.
type verifyOptions struct {
	IO   *ioStreams
	File string
}

func newVerifyCmd(ios *ioStreams) *cobra.Command {
	o := &verifyOptions{IO: ios}
	return &cobra.Command{
		Use:   "verify RECORD",
		Short: "Check a served game's record: its hash chain and every die against the revealed seed",
		Long: `Verify reads a game record downloaded from gpw serve (a regular file of
at most 256 MiB) and checks its hash chain, which starts from the game's
start: its spec (rules, a house module's text), mode, scenario, rules hash
and the dice commitment shown during the game. Once the game is over the
record carries the revealed secret: verify checks that it hashes to the
commitment, replays every command under the seed it gives, checks each die
the record shows and that the replay ends where the record says, with the
game over (a record cut short is refused). It says whether the game is
over.`,
		Args: cobra.ExactArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			o.File = args[0]
			return verifyRun(o)
		},
	}
}

func verifyRun(o *verifyOptions) error {
	rec, err := serve.ReadRecord(o.File)
	if err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "gpw-verify-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	v, err := serve.Verify(rec, &serve.Library{Data: rulesFS(), Modules: dir})
	if err != nil {
		return fmt.Errorf("%s: %v", o.File, err)
	}
	fmt.Fprintf(o.IO.Out, "%s: %s\n", o.File, v)
	return nil
}
