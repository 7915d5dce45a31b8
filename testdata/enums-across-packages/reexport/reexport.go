// Package reexport re-exports constants of another package under the same names.
package reexport

import "example.com/enumsacross/kinds"

const (
	ShadeMatte = kinds.ShadeMatte
	ShadeGloss = kinds.ShadeGloss
)
