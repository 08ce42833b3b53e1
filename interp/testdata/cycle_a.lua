return require("cycle_b")
