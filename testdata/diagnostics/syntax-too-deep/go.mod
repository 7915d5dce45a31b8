module example.com/syntax-too-deep

go 1.22
