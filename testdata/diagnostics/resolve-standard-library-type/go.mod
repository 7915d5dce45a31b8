module example.com/diagnostics/resolve-standard-library-type

go 1.22
