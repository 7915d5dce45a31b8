module example.com/diagnostics/field-optional-and-required

go 1.22
