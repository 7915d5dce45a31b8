module example.com/example

go 1.22
