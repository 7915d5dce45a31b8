package broken

// Choice is a 2019 union with two discriminators.
// +union
type Choice struct {
	// +unionDiscriminator
	// +optional
	Kind string `json:"kind,omitempty"`
	// +unionDiscriminator
	// ^^^^^^^^^^^^^^^^^^^ union/multiple-discriminators
	// +optional
	Flavour string `json:"flavour,omitempty"`
	// +optional
	Sweet *string `json:"sweet,omitempty"`
	// +optional
	Sour *string `json:"sour,omitempty"`
}
