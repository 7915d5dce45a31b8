module example.com/rolename

go 1.22
