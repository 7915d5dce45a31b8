module example.com/missing

go 1.22

require example.com/nowhere v0.0.1
