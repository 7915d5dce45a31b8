module example.com/kbinvalid

go 1.22
