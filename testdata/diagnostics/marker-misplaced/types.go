package api

// Settings has +enum on a field.
type Settings struct {
	// Mode is a string.
	// +enum
	// +optional
	Mode string `json:"mode,omitempty"`
}
