// Package used is reached from the kind: Spec is; Other is not, and neither is what it names.
package used

import (
	"example.com/far"
	"example.com/used/deeper"
)

// Spec is what a widget asks for.
type Spec struct {
	Size  int          `json:"size"`
	Shape deeper.Shape `json:"shape"`
}

// Other is in a reached package, and no kind reaches it.
type Other struct {
	Far far.Far `json:"far"`
}
