module example.com/validation-gen

go 1.22
