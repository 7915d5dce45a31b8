module example.com/diagnostics/enum-unevaluable-constant

go 1.22
