module example.com/vvalid

go 1.22
