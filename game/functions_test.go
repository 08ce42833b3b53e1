package game

import (
	"fmt"
	"strings"
	"testing"

	"gpw/interp"
)

// TestFunctionsChangeOrNot: a pure hook that calls a gpw function the
// registry marks as changing the game fails, and one that calls any other
// does not fail for that reason (interp.Functions, docs/modding.md).
func TestFunctionsChangeOrNot(t *testing.T) {
	var calls strings.Builder
	for _, f := range interp.Functions {
		ex := strings.NewReplacer("UNIT", `"s"`, "HEX", `"B-1505"`).Replace(f.Example)
		fmt.Fprintf(&calls, "  { %q, function() return %s end },\n", f.Name, ex)
	}
	rules := writeModule(t, "calls.lua", `local R = require("base")
R.id = "calls"
local calls = {
`+calls.String()+`}
function R.can_move(u)
  local out = {}
  for _, c in ipairs(calls) do
    local ok, err = pcall(c[2])
    if not ok and string.find(tostring(err), "may not change the game", 1, true) then out[#out + 1] = c[1] end
  end
  return false, table.concat(out, " "), "test"
end
return R
`)
	c := ruleCase{name: "calls", phase: "soviet-general", units: us("g axis infantry 6/3 4 B-0105", "s soviet infantry 8/4 6 B-1505")}
	g, _ := newTestGame(t, c.toml(), Options{Rules: rules})
	err := g.Exec("move s B-1605")
	rf, ok := err.(*Refusal)
	if !ok {
		t.Fatalf("move: %v", err)
	}
	refused := strings.Fields(rf.Msg)
	var want []string
	for _, f := range interp.Functions {
		if f.Changes {
			want = append(want, f.Name)
		}
	}
	if strings.Join(refused, " ") != strings.Join(want, " ") {
		t.Errorf("a pure hook may not call %v; the registry marks %v as changing the game", refused, want)
	}
}
