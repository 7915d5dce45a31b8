module example.com/reach

go 1.22

require (
	example.com/far v1.0.0
	example.com/unused v1.0.0
	example.com/used v1.0.0
	k8s.io/apimachinery v0.30.0
)
