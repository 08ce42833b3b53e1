-- slow.lua: GDW's rules with a slow call: a movement phase whose weather
-- die (rolled again here) shows 6 in Jul 1941 runs a loop of 100,000
-- Lua instructions, so that a small instruction budget (the module's
-- failure) or a small wall-clock valve (the machine's) stops some games.
local R = require("base")
R.id = "slow"
R.name = "GDW 1988, slow now and then"

local start = R.on_phase_start
function R.on_phase_start(phase)
  if phase.kind == "move" and gpw.turn().name == "Jul 1941" and gpw.roll() == 6 then
    local x = 0
    for i = 1, 100000 do x = x + i end
  end
  return start(phase)
end
return R
