module example.com/bugs/callinenumconst

go 1.22
