module example.com/bugs/untaggedembedded

go 1.22
