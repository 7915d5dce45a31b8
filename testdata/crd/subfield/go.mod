module example.com/subfield

go 1.22
