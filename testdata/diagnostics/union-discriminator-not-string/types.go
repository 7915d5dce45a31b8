package api

// Pick is a union whose discriminator is a number.
// +union
type Pick struct {
	// +unionDiscriminator
	// +optional
	Kind int32 `json:"kind,omitempty"`
	// +optional
	A *string `json:"a,omitempty"`
}
