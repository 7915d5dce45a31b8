package broken

// Note has a plain discriminator, no `+union` and no members: kube-openapi ignores it.
type Note struct {
	// +unionDiscriminator
	// ^^^^^^^^^^^^^^^^^^^ union/discriminator-without-members
	// +optional
	Format string `json:"format,omitempty"`
	// +optional
	Body *string `json:"body,omitempty"`
}
