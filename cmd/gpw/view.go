package main

// view.go: what run and play print under hidden information (R.fog,
// game/fog.go), the module's lint at load, and a module's failure under
// run --json as an error event.

import (
	"errors"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"gpw/core"
	"gpw/game"
	"gpw/interp"
)

// addViewFlag registers --view on run and play.
func addViewFlag(cmd *cobra.Command, o *runOptions, play bool) {
	def := "the whole game"
	if play {
		def = "the side no --bot plays, when one --bot is given; else the whole game"
	}
	cmd.Flags().StringVar(&o.View, "view", "", "under rules that hide information (R.fog), print the events and answer the queries as this side sees them (default: "+def+")")
}

// viewSide reads --view; play with one --bot sees as the other side.
func (o *runOptions) viewSide(play bool) (core.Side, error) {
	if o.View != "" {
		s, err := core.ParseSide(o.View)
		if err != nil {
			return core.NoSide, fmt.Errorf("--view %s: %v", o.View, err)
		}
		return s, nil
	}
	if play {
		if levels, err := o.levels(); err == nil && (levels[0] == "") != (levels[1] == "") {
			if levels[0] == "" {
				return core.Axis, nil
			}
			return core.Soviet, nil
		}
	}
	return core.NoSide, nil
}

// printLint prints what the module's lint finds (gpw check's warnings)
// as a game loads it, on w.
func printLint(w io.Writer, g *game.Game) {
	for _, l := range g.Rules.Lint() {
		fmt.Fprintf(w, "%s: warning: %s\n", g.Variant(), l)
	}
}

// jsonFailure prints a failure that ends run --json (a rules module's
// error, a scenario that does not load) as an error event, as refusals
// are; a refusal's own event was printed already.
func jsonFailure(w io.Writer, err error) {
	var quiet silentError
	if err == nil || errors.As(err, &quiet) {
		return
	}
	jsonLine(w, errorEvent{"error", interp.Reported(err)})
}

// sight is what the player's view side sees now (nil: the whole game).
func (p *player) sight() *game.Sight { return p.g.SightOf(p.view) }

// masked answers a query as the view side sees it.
func (p *player) masked(word string, v any, err error) (any, error) {
	s := p.sight()
	if s == nil || err != nil {
		return v, err
	}
	switch x := v.(type) {
	case *game.Actions:
		return s.Actions(x), nil
	case game.PhaseStatus:
		return s.Status(x), nil
	case sideSupply:
		x.Units = s.SupplyRows(x.Units)
		return x, nil
	case *game.HexInfo:
		return s.HexInfo(x), nil
	case unitRows:
		return unitRows(s.Rows(x)), nil
	}
	return v, err
}

// refuseHidden refuses a query about a unit the view side does not see:
// the odds of an attack on it, its reach.
func (p *player) refuseHidden(word string, args []string) error {
	s := p.sight()
	if s == nil || len(args) == 0 {
		return nil
	}
	switch word {
	case "preview":
		return s.CheckPreview(args[0])
	case "reach", "actions":
		return s.CheckUnit(args[0])
	}
	return nil
}
