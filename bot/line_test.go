package bot

import (
	"testing"

	"gpw/core"
	"gpw/game"
)

// MeasureLine on the test board: ten Axis infantry in column 3 against a
// Soviet line in column 6, a unit every other hex (zones of control
// joined). Taking a unit out opens a gap into the rear; a unit standing
// behind the line backs it; a unit a hex forward makes the line jagged;
// units piled round one hex crowd.
func TestMeasureLine(t *testing.T) {
	axis := units("axis", "infantry", 4, 2, 4, "B-0301", "B-0302", "B-0303", "B-0304", "B-0305", "B-0306", "B-0307", "B-0308", "B-0309", "B-0310")
	line := []string{"B-0601", "B-0603", "B-0605", "B-0607", "B-0609"}
	cases := []struct {
		name   string
		soviet []string
		check  func(q LineQuality) bool
	}{
		{"closed", line, func(q LineQuality) bool {
			return q.Units == 5 && q.Line == 5 && q.Gaps == 0 && q.Leak == 0 && q.Backing == 0 && q.Jag == 0 && q.Crowded == 0
		}},
		{"gap", line[:4], func(q LineQuality) bool { return q.Gaps == 1 && q.Leak > 0 && q.Line == 4 }},
		{"backed", append([]string{"B-0805"}, line...), func(q LineQuality) bool {
			return q.Gaps == 0 && q.Line == 5 && q.Backing == 1 && q.Uneven > 0
		}},
		{"jagged", []string{"B-0601", "B-0603", "B-0505", "B-0607", "B-0609"}, func(q LineQuality) bool { return q.Gaps == 0 && q.Jag > 0 }},
		{"crowded", append([]string{"B-0804", "B-0805", "B-0806", "B-0704", "B-0705", "B-0706", "B-0904", "B-0905", "B-0906"}, line...), func(q LineQuality) bool {
			return q.Gaps == 0 && q.Crowded >= 5
		}},
		{"idle", append([]string{"B-1905"}, line...), func(q LineQuality) bool { return q.Idle == 1 }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := newBoard(t, "soviet-general", axis+units("soviet", "infantry", 8, 4, 6, c.soviet...), game.Options{})
			q := MeasureLine(g.Position(), core.Soviet)
			t.Log(q)
			if !c.check(q) {
				t.Errorf("%s: %v", c.name, q)
			}
		})
	}
}
