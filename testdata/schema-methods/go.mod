module example.com/schemamethods

go 1.22
