package broken

// Volume uses `+unionMember` without any discriminator.
type Volume struct {
	// +unionMember
	// ^^^^^^^^^^^^ union/member-without-discriminator
	// +optional
	Disk *string `json:"disk,omitempty"`
	// +unionMember
	// ^^^^^^^^^^^^ union/member-without-discriminator
	// +optional
	Tmpfs *string `json:"tmpfs,omitempty"`
}
