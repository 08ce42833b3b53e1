local M = {}
function M.fail(t)
  return t.strength
end
return M
