module example.com/diagnostics/resolve-recursive-type

go 1.22
