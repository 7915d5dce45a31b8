module example.com/resolve-left-out

go 1.22
