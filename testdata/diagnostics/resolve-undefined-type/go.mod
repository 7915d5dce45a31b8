module example.com/resolveundefinedtype

go 1.22
