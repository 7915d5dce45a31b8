module example.com/crd-skipped

go 1.22
