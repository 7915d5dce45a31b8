package api

// Settings has +enum on a field.
type Settings struct {
	// Mode is a string.
	// +enum
	// ^^^^^ marker/misplaced
	// +optional
	Mode string `json:"mode,omitempty"`
}
