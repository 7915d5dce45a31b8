module example.com/kbnotsupported

go 1.22
