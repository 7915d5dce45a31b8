package api

// Pick has a member and no discriminator.
type Pick struct {
	// +unionMember
	// +optional
	A *string `json:"a,omitempty"`
}
