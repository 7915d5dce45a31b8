package api

// Kind selects a member.
// +enum
type Kind string

const (
	// KindA selects A.
	KindA Kind = "A"
	// KindB selects B.
	KindB Kind = "B"
)

// Pick has a field that is both discriminator and member.
type Pick struct {
	// +unionDiscriminator
	// +unionMember
	Kind Kind `json:"kind"`
	// +unionMember
	// +optional
	A *string `json:"a,omitempty"`
}
