module example.com/extension-duplicate

go 1.22
