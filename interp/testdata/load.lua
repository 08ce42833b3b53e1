return load("return 1")
