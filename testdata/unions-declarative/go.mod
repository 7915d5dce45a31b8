module example.com/unions-declarative

go 1.22
