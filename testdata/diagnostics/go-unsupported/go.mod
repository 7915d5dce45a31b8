module example.com/go-unsupported

go 1.22
