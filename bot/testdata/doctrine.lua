-- A house module that changes the computer players' doctrine (docs/bots.md).
local R = require("base")
R.id = "doctrine-test"
R.bot = {
  caution = 0.2,
  results = { DR = { retreat = 3, advance = true } },
  axis = { aggression = 0.9 },
}
return R
