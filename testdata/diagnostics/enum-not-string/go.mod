module example.com/diagnostics/enum-not-string

go 1.22
