package interp

import (
	"reflect"
	"strings"
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// TestReadPlaceLimits: place_limits' answer is read into limits the
// engine checks; a malformed one is an error naming the module, the
// phase, the hook and the limit.
func TestReadPlaceLimits(t *testing.T) {
	m, err := compileHouse(t, "")
	if err != nil {
		t.Fatal(err)
	}
	r := m.Bind(&recHost{})
	r.phase = "axis-reinforcement"
	tests := []struct {
		lua  string
		want *PlaceLimits
		err  string
	}{
		{`nil`, nil, ""},
		{`{}`, &PlaceLimits{}, ""},
		{`{ check = "occupied" }`, &PlaceLimits{Check: CheckOccupied}, ""},
		{`{ check = "none", limits = { { hexes = { "B-1603" }, reason = "cap", rule = "R" }, { friendly = true } } }`,
			&PlaceLimits{Check: CheckNone, Limits: []PlaceLimit{
				{Kind: PlaceHexes, Hexes: []string{"B-1603"}, Reason: "cap", Rule: "R"},
				{Kind: PlaceFriendly, Reason: "the rules let no unit enter {hex} (place_limits, limit 2)"}}}, ""},
		{`{ limits = { { hexes = {} }, { entry = true, reason = "e" }, { no_zoc = true, reason = "z" },
			{ room = { major = 2, rail = 1 }, kind = "air", reason = "{n} of {most}" } } }`,
			&PlaceLimits{Limits: []PlaceLimit{
				{Kind: PlaceHexes, Hexes: []string{}, Reason: "the rules let no unit enter {hex} (place_limits, limit 1)"},
				{Kind: PlaceEntry, Reason: "e"},
				{Kind: PlaceNoZOC, Reason: "z"},
				{Kind: PlaceRoom, Room: map[string]int{"major": 2, "rail": 1}, Of: "air", Reason: "{n} of {most}"}}}, ""},
		{`5`, nil, "place_limits returned a number"},
		{`"all"`, nil, "place_limits returned a string"},
		{`{ check = "some" }`, nil, `check = "some"`},
		{`{ check = 1 }`, nil, "check as a number"},
		{`{ limits = 3 }`, nil, "limits as a number"},
		{`{ limits = { 3 } }`, nil, "limit 1 as a number"},
		{`{ limits = { {} } }`, nil, "limit 1 with 0 of hexes, friendly"},
		{`{ limits = { { friendly = true, no_zoc = true } } }`, nil, "limit 1 with 2 of hexes"},
		{`{ limits = { { friendly = false } } }`, nil, "limit 1's friendly = false; it is true or left out"},
		{`{ limits = { { entry = "yes" } } }`, nil, "limit 1's entry = yes"},
		{`{ limits = { { hexes = "B-1603" } } }`, nil, "limit 1's hexes as a string"},
		{`{ limits = { { hexes = { 5 } } } }`, nil, "limit 1's hexes[1] as a number"},
		{`{ limits = { { room = 2, kind = "air" } } }`, nil, "limit 1's room as a number"},
		{`{ limits = { { room = { major = 2 } } } }`, nil, "limit 1's kind = nil"},
		{`{ limits = { { room = { major = 1.5 }, kind = "air" } } }`, nil, "room.major = 1.5"},
		{`{ limits = { { room = { minor = -1 }, kind = "air" } } }`, nil, "room.minor = -1"},
		{`{ limits = { { room = { minor = "2" }, kind = "air" } } }`, nil, "room.minor as a string"},
		{`{ limits = { { room = { town = 1, [3] = 1 }, kind = "air" } } }`, nil, "room has key 3"},
		{`{ limits = { { friendly = true, reason = string.rep("x", 5000) } } }`, nil, "reason of 5000 bytes"},
	}
	L := lua.NewState()
	defer L.Close()
	for _, tt := range tests {
		if err := L.DoString("v = " + tt.lua); err != nil {
			t.Fatal(err)
		}
		got, err := r.readPlaceLimits(L.GetGlobal("v"))
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%s: error %v, want %q", tt.lua, err, tt.err)
			} else if !strings.Contains(err.Error(), "house.lua") || !strings.Contains(err.Error(), "axis-reinforcement") {
				t.Errorf("%s: error %q names neither the rule file nor the phase", tt.lua, err)
			}
			continue
		}
		if tt.want == nil && got == nil && err == nil {
			continue
		}
		if err != nil || (tt.want != nil && !reflect.DeepEqual(got, tt.want)) {
			t.Errorf("%s: %+v, %v; want %+v", tt.lua, got, err, tt.want)
		}
	}
}
