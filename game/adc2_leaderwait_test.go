package game

import "testing"

// A leader waits while its capital is enemy-held (ADC2: Leaders); having
// no hex to enter, it does not hold up the replacements, which are taken
// after the reinforcements that can be placed (GDW: Reinforcements and
// Replacements).
func TestADC2LeaderWaitsRebuildGoesOn(t *testing.T) {
	lost := "[map.control]\naxis = [\"B-1905\"]\n" + city("B-1905", "Moscow", "fortress", "soviet")
	runADC2(t, []ruleCase{
		{name: "adc2/leader-waiting-does-not-bar-rebuild", phase: "soviet-reinforcement", start: "Aug 1941", mapx: lost,
			units:  us("i soviet infantry 8/4 6 - eliminated=true", "r soviet infantry 8/4 6 - arrives=Aug_1941") + au("l soviet leader 0/0 0 - arrives=Aug_1941", "radius=3"),
			extra:  "[[replacements]]\nturn = \"Aug 1941\"\naxis = 0\nsoviet = 1\n",
			script: "rebuild i B-2005\nplace l B-1905\nplace r B-2007\nrebuild i B-2005",
			want:   []string{"place unit=r hex=B-2007", "rebuild unit=i strength=4 points=1"},
			refuse: []string{"place the reinforcements first (r waits)", "B-1905 is not friendly: the leader waits (ADC2: Leaders)"}},
	})
}
