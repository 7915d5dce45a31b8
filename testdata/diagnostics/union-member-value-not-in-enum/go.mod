module example.com/diagnostics/union-member-value-not-in-enum

go 1.22
