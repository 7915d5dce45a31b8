module example.com/crd-dependency-enums-skipped

go 1.22

require k8s.io/api v0.31.0

replace k8s.io/api => ./deps/api
