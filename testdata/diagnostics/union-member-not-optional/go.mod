module example.com/diagnostics/union-member-not-optional

go 1.22
