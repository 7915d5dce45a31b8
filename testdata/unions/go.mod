module example.com/unions

go 1.22
