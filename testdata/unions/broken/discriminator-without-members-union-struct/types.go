package api

// Pick is a +union struct whose only field is the discriminator.
// +union
type Pick struct {
	// +unionDiscriminator
	// ^^^^^^^^^^^^^^^^^^^ union/discriminator-without-members
	// +optional
	Kind string `json:"kind,omitempty"`
}
