return string.format("%100d", 1)
