module example.com/cli-usage

go 1.22
