module union-gen.bench/goparse

go 1.21
