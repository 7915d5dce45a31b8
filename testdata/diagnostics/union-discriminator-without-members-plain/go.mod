module example.com/diagnostics/union-discriminator-without-members-plain

go 1.22
