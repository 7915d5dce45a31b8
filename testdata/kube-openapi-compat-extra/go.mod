module example.com/compatextra

go 1.22
