module example.com/rbac-unstable-output

go 1.22
