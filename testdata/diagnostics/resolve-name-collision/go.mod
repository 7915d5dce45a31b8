module example.com/diagnostics/resolve-name-collision

go 1.22
