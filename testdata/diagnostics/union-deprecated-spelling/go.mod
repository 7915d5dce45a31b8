module example.com/diagnostics/union-deprecated-spelling

go 1.22
