package interp

import (
	"reflect"
	"strings"
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// TestReadLimits: move_limits' answer is read into limits the engine
// checks; a malformed one is an error naming the hook and the limit.
func TestReadLimits(t *testing.T) {
	m, err := compileHouse(t, "")
	if err != nil {
		t.Fatal(err)
	}
	r := m.Bind(&recHost{})
	tests := []struct {
		lua  string
		want *MoveLimits
		err  string
	}{
		{`nil`, nil, ""},
		{`{}`, &MoveLimits{}, ""},
		{`{ check = "occupied" }`, &MoveLimits{Check: CheckOccupied}, ""},
		{`{ check = "none", limits = { { hexes = 2, reason = "two", rule = "R" } } }`,
			&MoveLimits{Check: CheckNone, Limits: []MoveLimit{{Kind: LimitHexes, N: 2, Reason: "two", Rule: "R"}}}, ""},
		{`{ limits = { { only = { "Romania" }, reason = "stay ({hex})" }, { never = { "Hungary", "Slovakia" } },
			{ within = 3, of = { "Romania", "Bessarabia" }, reason = "near", rule = "A" } } }`,
			&MoveLimits{Limits: []MoveLimit{
				{Kind: LimitOnly, Places: []string{"Romania"}, Reason: "stay ({hex})"},
				{Kind: LimitNever, Places: []string{"Hungary", "Slovakia"}, Reason: "the rules limit this move (move_limits, limit 2)"},
				{Kind: LimitWithin, N: 3, Places: []string{"Romania", "Bessarabia"}, Reason: "near", Rule: "A"}}}, ""},
		{`5`, nil, "move_limits returned a number"},
		{`{ check = "some" }`, nil, `check = "some"`},
		{`{ limits = 3 }`, nil, "limits as a number"},
		{`{ limits = { 3 } }`, nil, "limit 1 as a number"},
		{`{ limits = { {} } }`, nil, "limit 1 with 0 of hexes"},
		{`{ limits = { { hexes = 2, only = { "A" } } } }`, nil, "limit 1 with 2 of hexes"},
		{`{ limits = { { hexes = -1 } } }`, nil, "limit 1's hexes = -1"},
		{`{ limits = { { only = { 5 } } } }`, nil, "limit 1's only[1] as a number"},
		{`{ limits = { { within = 2 } } }`, nil, "within = 2 of no place"},
		{`{ limits = { { within = 11, of = { "A" } } } }`, nil, "within = 11 (at most 10)"},
		{`{ limits = { { hexes = 1, reason = string.rep("x", 5000) } } }`, nil, "reason of 5000 bytes"},
	}
	L := lua.NewState()
	defer L.Close()
	for _, tt := range tests {
		if err := L.DoString("v = " + tt.lua); err != nil {
			t.Fatal(err)
		}
		got, err := r.readLimits(L.GetGlobal("v"))
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%s: error %v, want %q", tt.lua, err, tt.err)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: %+v, %v; want %+v", tt.lua, got, err, tt.want)
		}
	}
}
