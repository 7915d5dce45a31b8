module example.com/kb

go 1.22
