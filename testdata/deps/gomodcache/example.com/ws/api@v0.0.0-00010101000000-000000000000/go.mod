module example.com/ws/api

go 1.22
