
error({code = 7})
