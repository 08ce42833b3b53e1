-- refuse.lua: ADC2 with a module command and an after_move that change the
-- store and then refuse (game/adc2_state_test.go): the refused command
-- must leave the store as it was.
local R = require("adc2")
R.id = "refuse-test"
R.store.game.scratch = "number"

local after = R.after_move
function R.after_move(u, how, path)
  after(u, how, path)
  gpw.set("scratch", 1)
  gpw.side_set(u.side, "drop_turn", 99)
  gpw.set_flag(u.id, "entered", 7)
  if how == "move" and u.id == "r" then return false, "refused after moving", "test" end
end

R.commands.spoil = function()
  gpw.set("scratch", 2)
  gpw.set("balkan_active", true)
  gpw.side_set("soviet", "shock_turn", -1)
  gpw.set_flag("inf", "entered", 5)
  gpw.set_mark("B-1505", "air_support", { "inf" })
  return false, "refused after writing", "test"
end

return R
