module example.com/controller-gen-cel-does-not-compile

go 1.22

require k8s.io/apimachinery v0.31.0
