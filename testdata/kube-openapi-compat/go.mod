module example.com/compat

go 1.22
