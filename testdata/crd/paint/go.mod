module example.com/paint

go 1.22

require k8s.io/api v0.31.0

// The stand-in for k8s.io/api: a dependency module of its own (its go.mod), reached through
// a replace directive, as a real project reaches the module cache.
replace k8s.io/api => ./deps/api
