module example.com/diagnostics/enum-untyped-constant

go 1.22
