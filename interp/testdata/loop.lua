local M = {}
function M.spin()
  while true do end
end
function M.spin_pcall()
  while true do pcall(function() while true do end end) end
end
function M.spin_pattern()
  return string.find(string.rep("a", 1000), ".-.-.-b")
end
function M.ok() return 1 end
return M
