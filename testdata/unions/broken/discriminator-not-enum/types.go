package broken

// Probe uses `+unionMember` with a plain string discriminator.
type Probe struct {
	// +unionDiscriminator
	// +required
	Method string `json:"method"`
	// ^@2 union/discriminator-not-enum
	// +unionMember
	// +optional
	HTTP *string `json:"http,omitempty"`
	// +unionMember
	// +optional
	TCP *string `json:"tcp,omitempty"`
}
