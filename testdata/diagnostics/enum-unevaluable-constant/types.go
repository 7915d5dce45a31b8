package api

// Mode is an enum.
// +enum
type Mode string

const (
	// ModeFast is fast.
	ModeFast Mode = "Fast"
	// ModeLoud is computed by a function.
	ModeLoud Mode = Mode(upper("loud"))
	// ^@2 enum/unevaluable-constant
)

func upper(s string) string { return s }
