module example.com/diagnostics/syntax-parse-error

go 1.22
