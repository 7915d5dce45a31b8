module example.com/validation-malformed

go 1.22
