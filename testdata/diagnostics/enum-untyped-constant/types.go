package api

// Mode is an enum.
// +enum
type Mode string

const (
	// ModeFast is fast.
	ModeFast Mode = "Fast"
	// ModeSlow forgot its type.
	ModeSlow = "Slow"
	// ^@2 enum/untyped-constant
)
