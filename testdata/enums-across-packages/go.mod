module example.com/enumsacross

go 1.22
