-- de11.lua: GDW's rules, except that every result in the 1:1 column of
-- the CRT is DE (a test of gpw crt compare).
local R = require("base")
R.id = "de11"
for die = 1, 6 do R.crt.rows[die][1] = "DE" end
return R
