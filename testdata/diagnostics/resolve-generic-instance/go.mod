module example.com/diagnostics/resolve-generic-instance

go 1.22
