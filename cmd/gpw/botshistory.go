package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"gpw/bot"
)

// botsHistoryOptions are the flags of gpw bots history.
type botsHistoryOptions struct {
	IO       *ioStreams
	Scenario string
	Rules    string
	Level    string
	Seeds    int
	JSON     bool
}

func newBotsHistoryCmd(o *botsHistoryOptions) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "history [--seeds N] [--rules gdw]",
		Short: "Play Barbarossa bot against bot over many seeds: which cities the Axis holds each turn, next to 1941",
		Long: `History plays a scenario (Barbarossa by default) bot against bot, once per
seed from 1 to --seeds, and prints for each turn the share of games in
which the Axis holds Riga, Tallinn, Pskov, Minsk, Smolensk, Kiev, Kharkov,
Odessa, Dnepropetrovsk, Rostov, Leningrad, Tula and Moscow (and in which
it stands within two hexes of Leningrad), beside the dates they fell in
1941, then how often each side won by the scenario's victory conditions.`,
		Args: cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error { return botsHistoryRun(o) },
	}
	f := cmd.Flags()
	f.StringVar(&o.Scenario, "scenario", "gdw/barbarossa", "scenario file, or the name of a built-in scenario")
	f.StringVar(&o.Rules, "rules", "gdw", "rules: gdw, adc2 or a .lua file")
	f.StringVar(&o.Level, "level", bot.DefaultLevel, "the bots' level")
	f.IntVar(&o.Seeds, "seeds", 100, "games to play (seeds 1 to N)")
	f.BoolVar(&o.JSON, "json", false, "print the table as JSON")
	return cmd
}

func botsHistoryRun(o *botsHistoryOptions) error {
	ho, err := historyOptions(o.Scenario, o.Rules, o.Level, o.Seeds)
	if err != nil {
		return err
	}
	h, err := bot.PlayHistory(ho)
	if err != nil {
		return err
	}
	if o.JSON {
		if err := jsonIndented(o.IO.Out, h, "  "); err != nil {
			return err
		}
	} else {
		fmt.Fprintln(o.IO.Out, h)
	}
	if len(h.Errors) > 0 {
		return silentError{fmt.Sprintf("%d game(s) failed", len(h.Errors))}
	}
	return nil
}

// historyOptions checks the flags gpw bots history and gpw bots line
// share and loads the scenario they name.
func historyOptions(scenario, rules, level string, seeds int) (bot.HistoryOptions, error) {
	if seeds < 1 {
		return bot.HistoryOptions{}, fmt.Errorf("--seeds %d: at least 1", seeds)
	}
	if _, err := bot.LevelByName(level); err != nil {
		return bot.HistoryOptions{}, err
	}
	sc, err := loadScenario(scenario, rules)
	if err != nil {
		return bot.HistoryOptions{}, err
	}
	return bot.HistoryOptions{Scenario: sc, Rules: rules, Level: level, Seeds: seeds, Builtin: rulesFS()}, nil
}
