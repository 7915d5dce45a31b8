module example.com/dot

go 1.22
