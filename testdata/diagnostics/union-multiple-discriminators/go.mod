module example.com/diagnostics/union-multiple-discriminators

go 1.22
