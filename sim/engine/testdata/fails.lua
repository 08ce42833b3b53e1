-- fails.lua: GDW's rules with a fault: a movement phase whose weather
-- die (rolled again here) shows 6 in Jul 1941 raises an error, so that
-- some games fail and others do not (gpw sim must record the failures
-- and play on).
local R = require("base")
R.id = "fails"
R.name = "GDW 1988, failing now and then"

local start = R.on_phase_start
function R.on_phase_start(phase)
  if phase.kind == "move" and gpw.turn().name == "Jul 1941" and gpw.roll() == 6 then
    error("a fault planted for the test")
  end
  return start(phase)
end
return R
