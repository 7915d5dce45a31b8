module example.com/diagnostics/union-member-not-pointer

go 1.22
