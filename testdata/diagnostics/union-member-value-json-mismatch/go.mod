module example.com/diagnostics/union-member-value-json-mismatch

go 1.22
