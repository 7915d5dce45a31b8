module example.com/diagnostics/marker-malformed-value

go 1.22
