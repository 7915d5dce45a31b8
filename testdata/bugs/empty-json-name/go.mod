module example.com/bugs/emptyjsonname

go 1.22
