package main

import (
	"fmt"

	"gpw/sim"
	"gpw/sim/engine"
	"gpw/sim/pictures"
)

// simPictures draws an experiment's heat maps and charts into dir, on the
// map of its scenario (read again by its name).
func simPictures(dir string, h *sim.Header, recs []*sim.Record, rep *sim.Report) ([]string, error) {
	rules := ""
	if len(h.Arms) > 0 {
		rules = h.Arms[0].Rules // the baseline, as the experiment read it
	}
	sc, err := loadScenario(h.Scenario, rules)
	if err != nil {
		return nil, fmt.Errorf("--png: the experiment's scenario: %w", err)
	}
	if sum, err := engine.ScenarioHash(sc); err != nil || sum != h.ScenarioHash {
		return nil, fmt.Errorf("--png: scenario %s has changed since the experiment (hash %.12s, now %.12s)", h.Scenario, h.ScenarioHash, sum)
	}
	return pictures.Write(dir, namedMap(sc.Map), h, recs, rep)
}
