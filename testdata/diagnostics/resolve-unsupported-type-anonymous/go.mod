module example.com/diagnostics/resolve-unsupported-type-anonymous

go 1.22
