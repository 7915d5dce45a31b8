module example.com/unions2019

go 1.22
