package v1alpha1

// Extra is defined deep in the module.
type Extra struct {
	// Enabled turns it on.
	// +optional
	Enabled bool `json:"enabled,omitempty"`
}
