package scenario_test

import (
	"testing"

	"gpw"
	"gpw/scenario"
)

func TestScenariosListed(t *testing.T) {
	list, err := scenario.List(gpw.Data)
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, s := range list {
		names[s.Name] = true
	}
	for _, want := range []string{"gdw/barbarossa", "gdw/campaign", "adc2/campaign", "rulebook/combat-zoc-retreat"} {
		if !names[want] {
			t.Errorf("%s is not listed", want)
		}
	}
	if names["units/gdw/german"] {
		t.Error("a unit catalogue is listed as a scenario")
	}
}
