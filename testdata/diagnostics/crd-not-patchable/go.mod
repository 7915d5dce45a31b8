module example.com/crd-not-patchable

go 1.22
