module example.com/cli-deprecated-flag

go 1.22
