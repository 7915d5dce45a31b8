// Package api as published by example.com/Modern v2.1.0 (cache folder `!modern`), which replaces example.com/legacy.
package api

// Mode of operation.
// +enum
type Mode string

const (
	// ModeFast is quick.
	ModeFast Mode = "Fast"
	// ModeSafe is careful.
	ModeSafe Mode = "Safe"
)
