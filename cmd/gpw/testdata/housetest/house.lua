-- A modder's house rule under test: crossing a river costs 2 movement
-- points more than the hex entered, not 1 (GDW: Movement / Rivers).
local R = require("base")
R.id = "costly-rivers"
R.name = "House: costly rivers"
R.river_extra = 2
R.cite.mp = "House: rivers cost 2 extra MP (GDW: Movement)"
return R
