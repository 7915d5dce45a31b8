// Package kinds declares an enum type and some of its values.
package kinds

// Shade is the shade of a surface.
// +enum
type Shade string

const (
	// ShadeMatte reflects little.
	ShadeMatte Shade = "matte"
	// ShadeGloss reflects much.
	ShadeGloss Shade = "gloss"
)

// Finish is an enum whose values live only in other packages.
// +enum
type Finish string

// Panel uses both enums of its own package.
type Panel struct {
	Shade  Shade  `json:"shade"`
	Finish Finish `json:"finish"`
}
