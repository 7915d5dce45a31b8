package net

// AddressCluster is declared in a second file of the package.
const AddressCluster AddressType = "Cluster" + "IP"

// AddressAlias references a constant in the same package, another file.
const AddressAlias = AddressType(clusterSuffix)
