module example.com/diagnostics/marker-malformed

go 1.22
