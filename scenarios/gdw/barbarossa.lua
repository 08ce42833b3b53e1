-- barbarossa.lua: special rules of the Barbarossa scenario.
--
-- A scenario's special rules module receives the rules module in force
-- (gdw, adc2 or a house module) and changes it, like a house rule:
--
--   return function(R) ... return R end
--
-- TODO(engine): the game does not load scenario special rules yet (no hook
-- in interp.Load); until it does this file is only checked to exist.
-- What it will do:
--   * Surprise (22 June 1941): on the Jun 1941 turn Soviet units may not
--     move in the Soviet rail movement phase (the command structure is
--     paralysed) -- a gpw special rule standing in for the booklet's.
return function(R)
  local base_rail = R.rail_allowed
  function R.rail_allowed(u, turn)
    if u.side == "soviet" and turn.year == 1941 and turn.month == "Jun" then
      return 0
    end
    if base_rail then return base_rail(u, turn) end
    return -1
  end
  return R
end
