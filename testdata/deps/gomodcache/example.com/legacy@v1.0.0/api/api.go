// Package api of example.com/legacy, hidden by a version-specific replace directive.
package api

// Mode of operation.
// +enum
type Mode string

// ModeLegacy would show that the replace directive was ignored.
const ModeLegacy Mode = "Legacy"
