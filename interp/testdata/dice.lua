math.randomseed(42)
return function()
  return math.random(6), math.random(3, 5), math.random()
end
