module example.com/diagnostics/resolve-unreadable-schema-method

go 1.22
