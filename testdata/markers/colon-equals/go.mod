module example.com/markers/colonequals

go 1.22
