module example.com/diagnostics/union-deprecated-in-union-struct

go 1.22
