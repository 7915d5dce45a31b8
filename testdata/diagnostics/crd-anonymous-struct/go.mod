module example.com/crd-anonymous-struct

go 1.22
