return require("../secret")
