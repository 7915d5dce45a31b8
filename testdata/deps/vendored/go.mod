module example.com/vendored

go 1.22

require (
	k8s.io/api v0.30.0
	k8s.io/apimachinery v0.30.0
)
