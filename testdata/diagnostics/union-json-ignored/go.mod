module example.com/diagnostics/union-json-ignored

go 1.22
