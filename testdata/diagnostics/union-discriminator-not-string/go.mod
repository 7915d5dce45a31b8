module example.com/diagnostics/union-discriminator-not-string

go 1.22
