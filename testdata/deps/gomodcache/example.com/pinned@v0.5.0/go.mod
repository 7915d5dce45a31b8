module example.com/pinned

go 1.22
