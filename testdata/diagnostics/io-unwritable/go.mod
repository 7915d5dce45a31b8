module example.com/io-unwritable

go 1.22
