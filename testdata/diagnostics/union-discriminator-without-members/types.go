package api

// Pick is a +union struct whose only field is the discriminator.
// +union
type Pick struct {
	// +unionDiscriminator
	// +optional
	Kind string `json:"kind,omitempty"`
}
