module example.com/diagnostics/union-embedded-in-union-struct

go 1.22
