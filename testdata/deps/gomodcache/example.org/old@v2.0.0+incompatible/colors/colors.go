// Package colors is from a v2 module without a go.mod (+incompatible).
package colors

import "example.org/old/base"

// Color is a paint colour.
// +enum
type Color string

const (
	// Red is warm.
	Red Color = base.Prefix + "red"
	// Blue is cold.
	Blue Color = base.Prefix + "blue"
)
