module example.com/cel-over-budget

go 1.22
