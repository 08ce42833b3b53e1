-- GDW whose rebuilt units may return only in City17 by place_limits
-- (TestRebuildFromListing), while can_place would let them in any hex:
-- the rules' two answers differ on purpose, so that a bot choosing from
-- the engine's rebuild listing (place_limits) and one asking can_place
-- per city pick different hexes.
local R = require("base")
R.id = "rebuildlimits-test"
function R.can_place(u, hex, how)
  if how == "rebuild" then return true end
  return nil
end
function R.place_limits(u, how)
  if how ~= "rebuild" then return nil end
  return { check = "none", limits = {
    { hexes = { gpw.city("City17") }, reason = "rebuilt units return only in City17" },
  } }
end
return R
