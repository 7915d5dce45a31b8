module example.com/parity

go 1.22
