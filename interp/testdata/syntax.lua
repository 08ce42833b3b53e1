local x = 1
local = 2
