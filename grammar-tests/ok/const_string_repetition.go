package consts

// Color is an enum.
// +enum
type Color string

const (
	// Red is warm.
	Red Color = "red"
	// Crimson repeats Red's type and value.
	Crimson
	Blue Color = "blue"
	Navy
	Sky
)
