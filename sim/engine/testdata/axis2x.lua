-- axis2x.lua: GDW's rules with every Axis attack factor doubled (the
-- known-effect test of gpw sim: an experiment must find it helping the
-- Axis).
local R = require("base")
R.id = "axis2x"
R.name = "GDW 1988, Axis attacks doubled"

local odds = R.odds
function R.odds(b)
  local u = b.n > 0 and gpw.unit(b.attackers[1])
  if not (u and u.side == "axis") then return odds(b) end
  local c = {}
  for k, v in pairs(b) do c[k] = v end
  c.att = {}
  for i = 1, b.n do c.att[i] = 2 * b.att[i] end
  return odds(c)
end
return R
