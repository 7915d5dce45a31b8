module example.com/diagnostics/resolve-too-deep

go 1.22
