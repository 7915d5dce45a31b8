module example.com/diagnostics/marker-misplaced

go 1.22
