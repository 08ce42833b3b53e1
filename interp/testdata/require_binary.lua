return require("binary")
