package api

import "strings"

// Mode is an enum.
// +enum
type Mode string

const (
	// ModeFast is fast.
	ModeFast Mode = "Fast"
	// ModeLoud is computed at run time: not a Go constant expression.
	ModeLoud Mode = Mode(strings.ToUpper("loud"))
)

// Settings uses Mode.
type Settings struct {
	// +optional
	Mode Mode `json:"mode,omitempty"`
}
