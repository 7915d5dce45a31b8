module example.com/yaml11

go 1.22
