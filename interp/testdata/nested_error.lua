local broken = require("lib.broken")
return broken.fail(nil)
