module example.com/diagnostics/io-not-utf8

go 1.22
