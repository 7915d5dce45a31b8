module example.com/enums

go 1.22
