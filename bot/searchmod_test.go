package bot

import "testing"

// TestSearchPlaysModuleCommands: under ADC2 the expert's search plays
// the module's commands on its clones (shocks, air support, leaders), so
// that its plans are valued with them; helpers that make none (the
// search before searchModules) fail it.
func TestSearchPlaysModuleCommands(t *testing.T) {
	defer func(v bool) { holderEndOnly = v }(holderEndOnly)
	holderEndOnly = false // the Soviets search every stretch
	_, _, bots := match(t, "scenarios/adc2/campaign.toml", "adc2", 1, "hard", "expert", 1)
	b := bots[1]
	if len(b.Searched) == 0 {
		t.Fatal("the Soviet expert searched no plan in a turn")
	}
	if b.searchUses == 0 {
		t.Errorf("the Soviet expert's %d searches made no module command on their clones", len(b.Searched))
	}
	t.Logf("%d searches, %d module commands on the clones", len(b.Searched), b.searchUses)
}
