package api

// Pick is a +union struct with a +unionDeprecated field.
// +union
type Pick struct {
	// +optional
	A *string `json:"a,omitempty"`
	// +unionDeprecated
	// +optional
	B *string `json:"b,omitempty"`
}
