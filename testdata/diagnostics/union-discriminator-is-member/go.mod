module example.com/diagnostics/union-discriminator-is-member

go 1.22
