module example.com/rbac-invalid

go 1.22
