module example.com/diagnostics/field-default-not-zero

go 1.22
