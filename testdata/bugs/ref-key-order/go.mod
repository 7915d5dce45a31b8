module example.com/bugs/refkeyorder

go 1.22
