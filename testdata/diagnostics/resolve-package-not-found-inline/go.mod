module example.com/diagnostics/resolve-package-not-found-inline

go 1.22

// A version no module cache holds: the package is never found.
require k8s.io/apimachinery v0.0.0-00010101000000-000000000000
