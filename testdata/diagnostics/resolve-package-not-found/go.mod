module example.com/diagnostics/resolve-package-not-found

go 1.22
