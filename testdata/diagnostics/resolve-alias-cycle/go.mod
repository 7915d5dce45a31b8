module example.com/diagnostics/resolve-alias-cycle

go 1.22
