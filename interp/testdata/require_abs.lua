return require("/etc/passwd")
