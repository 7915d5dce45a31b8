package core

// Crate has a field of an anonymous struct type, written inline as controller-gen writes it.
type Crate struct {
	// Dimensions of the crate.
	Dimensions struct {
		// Width in centimetres.
		Width int32 `json:"width"`
		// Depth in centimetres.
		// +optional
		Depth *int32 `json:"depth,omitempty"`
		hidden string
	} `json:"dimensions"`
	// Tags are free-form.
	// +optional
	Tags []struct {
		Key   string `json:"key"`
		Value string `json:"value,omitempty"`
	} `json:"tags,omitempty"`
}
