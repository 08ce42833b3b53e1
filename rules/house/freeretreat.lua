-- rules/house/freeretreat.lua: the attacker routes a retreat freely.
-- GDW's game, except that the attacker may send the defender's retreat
-- through as many enemy zones of control as he likes, a step lost in each
-- (a full-strength unit led through two is eliminated). This is the
-- literal reading of GDW: Combat Results / DR, which says only that the
-- attacker moves the defender; gpw's GDW module reads the rulebook as a
-- whole (a unit "forced" through a zone, GDW: Zones of Control / Combat,
-- and the worked example of GDW: Terrain and Combat) and asks for the
-- retreat through the fewest zones (rules/base.lua, R.retreat). Measured
-- with the bots in the GDW campaign: Berlin falls in 1943-44 in every game
-- under this rule (docs/bots.md).
local R = require("base")
R.id = "freeretreat"
R.name = "House: the attacker routes retreats freely"
R.description = "GDW 1988, but the attacker may route a retreat through any enemy zones of control"
R.retreat.avoid_zoc = false
R.cite.retreat = "House: the attacker routes retreats freely (GDW: Combat Results / DR)"
return R
