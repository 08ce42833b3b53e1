return ("a"):upper()
