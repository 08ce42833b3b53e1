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
	sc, err := loadScenario(h.Scenario)
	if err != nil {
		return nil, fmt.Errorf("--png: the experiment's scenario: %w", err)
	}
	if sum, err := engine.ScenarioHash(sc); err != nil || sum != h.ScenarioHash {
		return nil, fmt.Errorf("--png: scenario %s has changed since the experiment (hash %.12s, now %.12s)", h.Scenario, h.ScenarioHash, sum)
	}
	return pictures.Write(dir, namedMap(sc.Map), h, recs, rep)
}
