module example.com/unions-controller-gen

go 1.22
