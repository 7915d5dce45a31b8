module example.com/controller-gen-unsupported-generator

go 1.22
