module example.com/diagnostics/enum-explicit-mismatch

go 1.22
