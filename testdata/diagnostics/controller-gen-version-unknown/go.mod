module example.com/controller-gen-version-unknown

go 1.22
