package main

// gpw bots: the computer players' levels and tactics; gpw bots history
// (botshistory.go) plays bot against bot over many seeds.

import (
	"fmt"

	"github.com/spf13/cobra"

	"gpw/bot"
)

type botsOptions struct {
	IO *ioStreams
}

func newBotsCmd(ios *ioStreams) *cobra.Command {
	o := &botsOptions{IO: ios}
	cmd := &cobra.Command{
		Use:   "bots",
		Short: "The computer players: their levels and tactics (gpw bots history: bot against bot over many seeds)",
		Long: `Bots lists the computer players' levels and the named tactics they play
(docs/bots.md). Give a side to a bot with --bot SIDE[=LEVEL] on gpw run
or gpw play.`,
		Args: cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error { return botsRun(o) },
	}
	cmd.AddCommand(newBotsHistoryCmd(&botsHistoryOptions{IO: ios}))
	cmd.AddCommand(newBotsLadderCmd(&botsLadderOptions{IO: ios}))
	cmd.AddCommand(newBotsLineCmd(&botsLineOptions{IO: ios}))
	return cmd
}

func botsRun(o *botsOptions) error {
	w := o.IO.Out
	fmt.Fprintln(w, "levels (--bot SIDE=LEVEL):")
	for _, l := range bot.Levels {
		def := ""
		if l.Name == bot.DefaultLevel {
			def = " (default)"
		}
		fmt.Fprintf(w, "  %-8s %s%s\n", l.Name, l.Text, def)
	}
	fmt.Fprintln(w, "tactics:")
	for _, t := range bot.TacticNames() {
		fmt.Fprintf(w, "  %-20s %s\n", t[0], t[1])
	}
	return nil
}
