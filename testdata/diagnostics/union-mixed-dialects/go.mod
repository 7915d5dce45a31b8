module example.com/diagnostics/union-mixed-dialects

go 1.22
