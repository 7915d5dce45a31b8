module example.com/diagnostics/union-discriminator-requiredness

go 1.22
