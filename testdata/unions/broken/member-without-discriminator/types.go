package broken

// Volume uses `+unionMember` without any discriminator.
type Volume struct {
	// +unionMember
	// +optional
	Disk *string `json:"disk,omitempty"`
	// +unionMember
	// +optional
	Tmpfs *string `json:"tmpfs,omitempty"`
}
