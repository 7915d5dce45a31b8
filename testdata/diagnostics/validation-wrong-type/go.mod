module example.com/validation-wrong-type

go 1.22
