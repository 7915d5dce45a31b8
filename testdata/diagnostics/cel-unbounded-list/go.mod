module example.com/diagnostics/cel-unbounded-list

go 1.22
