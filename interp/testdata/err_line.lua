-- A runtime error on line 4.
local M = {}
function M.combat(unit)
  return unit.strength * 2
end
return M
