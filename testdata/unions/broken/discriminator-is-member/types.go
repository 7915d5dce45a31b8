package broken

// ModeKind names a mode.
// +enum
type ModeKind string

const (
	ModeFast ModeKind = "Fast"
	ModeSafe ModeKind = "Safe"
)

// Mode marks its discriminator as a member too.
type Mode struct {
	// +unionDiscriminator
	// +unionMember
	// ^^^^^^^^^^^^ union/discriminator-is-member
	// +required
	Mode ModeKind `json:"mode"`
	// +unionMember
	// +optional
	Fast *string `json:"fast,omitempty"`
	// +unionMember
	// +optional
	Safe *string `json:"safe,omitempty"`
}
