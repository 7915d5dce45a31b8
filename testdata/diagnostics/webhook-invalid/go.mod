module example.com/webhook-invalid

go 1.22
