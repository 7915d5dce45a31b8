package api

// Pick has a deprecated-style member that is not a pointer.
type Pick struct {
	// +unionDeprecated
	// +optional
	A string `json:"a,omitempty"`
	// +unionDeprecated
	// +optional
	B *string `json:"b,omitempty"`
}
