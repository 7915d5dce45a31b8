module example.com/diagnostics/union-discriminator-without-members

go 1.22
