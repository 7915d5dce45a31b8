module example.com/diagnostics/marker-unknown-similar

go 1.22
