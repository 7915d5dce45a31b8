module example.com/diagnostics/marker-misplaced-trailing

go 1.22
