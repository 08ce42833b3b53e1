-- gdwcopy.lua: the GDW rules under another name, changing nothing (the
-- A/A test of gpw sim: an experiment must find no difference).
local R = require("base")
R.id = "gdwcopy"
R.name = "GDW 1988, a copy"
return R
