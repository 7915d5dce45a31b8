module example.com/enum-explicit-not-written

go 1.22
