local util = require("lib.util")
assert(require("lib/util") == util, "module cached under one path")
return util.add(2, 3)
