module example.com/diagnostics/field-patch-tags-mismatch

go 1.22
