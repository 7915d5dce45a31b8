package api

// Pick is a KEP-1027 union with a plain string discriminator.
type Pick struct {
	// +unionDiscriminator
	Kind string `json:"kind"`
	// +unionMember
	// +optional
	A *string `json:"a,omitempty"`
}
