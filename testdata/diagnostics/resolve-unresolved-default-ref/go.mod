module example.com/resolveunresolveddefaultref

go 1.22
