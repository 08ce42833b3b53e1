return require("cycle_a")
