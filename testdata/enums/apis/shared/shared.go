// Package shared holds constants used by other packages of the module.
package shared

// Prefix is prepended to some address kinds.
const Prefix = "ip"

// InternalName is the wire name of the internal address kind.
const InternalName = "Internal"
