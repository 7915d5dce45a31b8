module example.com/diagnostics/union-unknown-member

go 1.22
