module example.com/diagnostics/union-duplicate-member-value

go 1.22
