module example.com/diagnostics/union-overlapping-unions

go 1.22
