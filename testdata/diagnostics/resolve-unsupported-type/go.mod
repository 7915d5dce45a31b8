module example.com/resolveunsupportedtype

go 1.22
