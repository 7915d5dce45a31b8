// Package v1 uses types of modules found only in the module cache.
package v1

import (
	"example.org/old/colors"
	"github.com/Example/Widgets/pkg/gadgets"
)

// Workshop builds gadgets.
type Workshop struct {
	// The gadget on the bench.
	Gadget gadgets.Gadget `json:"gadget"`

	// Paint colour of the workshop.
	// +optional
	Paint colors.Color `json:"paint,omitempty"`
}
