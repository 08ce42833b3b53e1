print("a", 1, nil)
return true
