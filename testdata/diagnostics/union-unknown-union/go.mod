module example.com/diagnostics/union-unknown-union

go 1.22
