module example.com/marker-ignored

go 1.22
