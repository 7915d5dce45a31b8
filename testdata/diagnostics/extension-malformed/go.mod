module example.com/extension-malformed

go 1.22
