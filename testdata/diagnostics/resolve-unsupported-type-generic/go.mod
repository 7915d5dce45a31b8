module example.com/diagnostics/resolve-unsupported-type-generic

go 1.22
