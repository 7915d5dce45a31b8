package broken

// Sink declares a declarative discriminator but no member.
type Sink struct {
	// +k8s:unionDiscriminator(union: "target")
	// ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ union/discriminator-without-members
	// +k8s:required
	Target string `json:"target"`
	// +k8s:optional
	Bucket *string `json:"bucket,omitempty"`
}
