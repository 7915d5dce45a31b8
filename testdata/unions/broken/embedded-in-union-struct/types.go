package broken

// Common holds shared settings.
type Common struct {
	// +optional
	Label *string `json:"label,omitempty"`
}

// Plan is a `+union` struct that inlines another struct.
// +union
type Plan struct {
	// +optional
	Free *string `json:"free,omitempty"`
	// +optional
	Paid *string `json:"paid,omitempty"`

	Common `json:",inline"`
	// ^@2 union/embedded-in-union-struct
}
