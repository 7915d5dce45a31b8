module example.com/schemas

go 1.22
