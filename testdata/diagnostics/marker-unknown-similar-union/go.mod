module example.com/marker-unknown-similar-union

go 1.22
