module example.com/diagnostics/union-discriminator-not-enum

go 1.22
