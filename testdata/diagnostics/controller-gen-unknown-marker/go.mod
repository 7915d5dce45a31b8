module example.com/controller-gen-unknown-marker

go 1.22

require k8s.io/apimachinery v0.31.0
