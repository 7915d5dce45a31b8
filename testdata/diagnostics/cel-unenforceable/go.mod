module example.com/diagnostics/cel-unenforceable

go 1.22
