package main

import (
	"fmt"
	"path/filepath"
	"slices"

	"github.com/spf13/cobra"

	"gpw/game"
	"gpw/interp"
)

// gameOptions are the flags that start a game, shared by run, play and odds.
type gameOptions struct {
	Scenario  string
	Rules     string
	Seed      int64
	SeedSet   bool
	Dice      string
	Auto      bool
	AutoSetup bool
	Load      string
	Force     bool
	LuaMemory int // MiB; 0 for no limit
	// Params are the rules module's parameters, NAME=VALUE (--param).
	Params []string
}

// budget is the Lua budget the flags give a game.
func (o *gameOptions) budget() interp.Budget {
	b := interp.Budget{Memory: int64(o.LuaMemory) << 20}
	if o.LuaMemory <= 0 {
		b.Memory = -1
	}
	return b
}

// addGameFlags registers the game flags on cmd; load adds --load/--force.
func addGameFlags(cmd *cobra.Command, o *gameOptions, load bool) {
	f := cmd.Flags()
	f.StringVar(&o.Scenario, "scenario", "", "scenario file, or the name of a built-in scenario")
	f.StringVar(&o.Rules, "rules", "", "rules: gdw, adc2 or a .lua file (default: the scenario's)")
	f.Int64Var(&o.Seed, "seed", 0, "dice seed (default: the scenario's)")
	f.StringVar(&o.Dice, "dice", "", "die rolls to use first, e.g. 2,5")
	f.BoolVar(&o.Auto, "auto", false, "make every pending choice by its documented default")
	f.BoolVar(&o.AutoSetup, "auto-setup", false, "place every unit of the setup step by the documented rule and start at once")
	f.IntVar(&o.LuaMemory, "lua-memory", int(interp.DefaultBudget.Memory>>20), "MiB the rules module's Lua may take in one call (a quarter of it between calls); 0 for no limit")
	f.StringArrayVar(&o.Params, "param", nil, "set a parameter of the rules module, NAME=VALUE (repeat; gpw rules lists them)")
	if load {
		f.StringVar(&o.Load, "load", "", "continue a saved game instead of starting a scenario")
		f.BoolVar(&o.Force, "force", false, "with --load: replay the save even though the rules changed")
	}
	pre := cmd.PreRunE
	cmd.PreRunE = func(c *cobra.Command, args []string) error {
		o.SeedSet = c.Flags().Changed("seed")
		if pre != nil {
			return pre(c, args)
		}
		return nil
	}
}

// start loads the save or the scenario and starts the game.
func (o *gameOptions) start(sink func(game.Event)) (*game.Game, error) {
	if o.Load != "" {
		if o.Scenario != "" {
			return nil, fmt.Errorf("give --scenario or --load, not both")
		}
		if err := o.agreesWithSave(); err != nil {
			return nil, err
		}
		return game.LoadSaveWith(o.Load, rulesFS(), game.LoadOptions{Force: o.Force, Budget: o.budget()}, sink)
	}
	if o.Scenario == "" {
		return nil, fmt.Errorf("--scenario (or --load) is required")
	}
	sc, err := loadScenario(o.Scenario, o.Rules)
	if err != nil {
		return nil, err
	}
	dice, err := parseDice(o.Dice)
	if err != nil {
		return nil, err
	}
	params, err := parseParams(o.Params)
	if err != nil {
		return nil, err
	}
	return game.New(sc, game.Options{Rules: o.Rules, Seed: o.Seed, SeedSet: o.SeedSet, Dice: dice, Auto: o.Auto, AutoSetup: o.AutoSetup, Budget: o.budget(), Params: params}, rulesFS(), sink)
}

// agreesWithSave refuses flags that contradict the save being loaded: a
// save replays under its own rules, seed and dice.
func (o *gameOptions) agreesWithSave() error {
	sv, err := game.ReadSave(o.Load)
	if err != nil {
		return err
	}
	if o.Rules != "" && o.Rules != sv.Rules {
		if abs, err := filepath.Abs(o.Rules); err != nil || abs != sv.Rules {
			return fmt.Errorf("--rules %s contradicts the save, made under %s: a save replays under its own rules", o.Rules, sv.Rules)
		}
	}
	if len(o.Params) > 0 {
		params, err := parseParams(o.Params)
		if err != nil {
			return err
		}
		for k, v := range params {
			if sv.Params[k] != v {
				return fmt.Errorf("--param %s=%s contradicts the save, made with %s=%s: a save replays with its own parameters", k, v, k, sv.Params[k])
			}
		}
	}
	if o.SeedSet && (!sv.SeedSet || o.Seed != sv.Seed) {
		return fmt.Errorf("--seed %d contradicts the save: a save replays with its own dice", o.Seed)
	}
	if o.Dice != "" {
		dice, err := parseDice(o.Dice)
		if err != nil {
			return err
		}
		if !slices.Equal(dice, sv.Dice) {
			return fmt.Errorf("--dice %s contradicts the save: a save replays with its own dice", o.Dice)
		}
	}
	return nil
}

// parseParams reads --param NAME=VALUE arguments; a name given twice is
// an error. The rules module checks names and values (game.New).
func parseParams(args []string) (map[string]string, error) {
	if len(args) == 0 {
		return nil, nil
	}
	out := map[string]string{}
	for _, a := range args {
		k, v, err := interp.ParseParam(a)
		if err != nil {
			return nil, err
		}
		if old, ok := out[k]; ok && old != v {
			return nil, fmt.Errorf("--param %s is given twice (%s and %s)", k, old, v)
		}
		out[k] = v
	}
	return out, nil
}
