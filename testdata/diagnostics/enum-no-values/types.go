package api

// Mode has no typed constants.
// +enum
type Mode string
//   ^^^^ enum/no-values

// Fast is untyped and in its own group, so it is not a value of Mode.
const Fast = "Fast"

// Settings uses Mode.
type Settings struct {
	// +optional
	Mode Mode `json:"mode,omitempty"`
}
