module example.com/validation-ignored

go 1.22
