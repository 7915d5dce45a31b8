// Package gadgets is version v1.2.3 of a module whose path has capital letters.
package gadgets

import "example.org/old/colors"

// Size of a gadget.
// +enum
type Size string

const (
	// SizeSmall fits in a pocket.
	SizeSmall Size = "Small"
	// SizeLarge needs a van.
	SizeLarge Size = "Large"
)

// Gadget is a thing from the cache at v1.2.3.
type Gadget struct {
	// How big it is.
	Size Size `json:"size"`
	// Its colour, from another module of the cache.
	// +optional
	Color *colors.Color `json:"color,omitempty"`
}
