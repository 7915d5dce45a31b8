module example.com/validation-invalid

go 1.22
