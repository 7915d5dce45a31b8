module example.com/diagnostics/union-member-without-discriminator

go 1.22
