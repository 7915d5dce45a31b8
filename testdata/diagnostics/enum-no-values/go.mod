module example.com/diagnostics/enum-no-values

go 1.22
