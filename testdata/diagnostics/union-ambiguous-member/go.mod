module example.com/diagnostics/union-ambiguous-member

go 1.22
