module example.com/field-patch-tags-one-side

go 1.22
