-- monthly.lua: a house module for tests of the scenario loader. One turn
-- a month instead of GDW's eight a year, with its own weather marks, and
-- headquarters as a non-combat kind beside leaders and air units.
local R = require("base")
R.id = "monthly"
R.name = "Monthly turns (test)"
R.calendar = {
  { name = "Jan", weather = "snow" },
  { name = "Feb", weather = "snow" },
  { name = "Mar", weather = "mud", roll = 4 },
  { name = "Apr", weather = "mud" },
  { name = "May" },
  { name = "Jun" },
  { name = "Jul" },
  { name = "Aug" },
  { name = "Sep" },
  { name = "Oct", weather = "mud" },
  { name = "Nov", weather = "mud", roll = 5 },
  { name = "Dec", weather = "snow", roll = 6 },
}
R.noncombat = { leader = true, air = true, hq = true }
return R
