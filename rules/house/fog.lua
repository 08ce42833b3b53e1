-- rules/house/fog.lua: limited intelligence, a house rule of hidden
-- information (docs/modding.md, "Hidden information").
-- GDW's game, except that a side sees an enemy unit's kind and strength
-- only within two hexes of one of its own units or in its zone of
-- control; beyond, the counter shows its side and its hex, nothing more.
-- Neither side sees the other's reinforcements before they are placed,
-- nor its withdrawn units. A battle shows its units to both sides.
-- Our choices: the Soviet side, fighting on its own ground with partisans
-- and the NKVD behind the enemy's lines, sees three hexes deep; the
-- computer players assume an unseen unit has the strength of an average
-- counter of its side's order of battle.
local R = require("base")
R.id = "fog"
R.name = "House: limited intelligence"
R.description = "GDW 1988, but enemy units beyond 2 hexes (Soviet: 3) of your own show neither kind nor strength"
local RULE = "House: Limited intelligence"
R.cite.fog = RULE
R.sources.fog = RULE
R.fog = {
  range = 2,        -- hexes from a friendly unit within which enemy units are seen
  zoc = true,       -- and in a friendly zone of control
  reserves = true,  -- the enemy's units off the map (to arrive, withdrawn) are not shown
  soviet = { range = 3 },
  rule = RULE,
}
return R
