local t = {}
t[5000000] = true
t[2^40] = true
return t[5000000] and t[2^40]
