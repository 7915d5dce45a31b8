module example.com/diagnostics/cel-rejects-valid

go 1.22
