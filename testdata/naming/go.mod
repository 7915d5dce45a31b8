module example.com/naming

go 1.22
