module example.com/cel

go 1.22
