// Package gadgets is version v1.2.2, which go.mod does not require: it must not be read.
package gadgets

// Size of a gadget.
// +enum
type Size string

// SizeWrongVersion would show that the wrong version was read.
const SizeWrongVersion Size = "WrongVersion"

// Gadget is a thing from the cache at v1.2.2.
type Gadget struct {
	// WrongVersion would show that the wrong version was read.
	WrongVersion Size `json:"wrongVersion"`
}
