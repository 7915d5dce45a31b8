package broken

// Note has a plain discriminator, no `+union` and no members: kube-openapi ignores it.
type Note struct {
	// +unionDiscriminator
	// +optional
	Format string `json:"format,omitempty"`
	// +optional
	Body *string `json:"body,omitempty"`
}
