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

// Pick has a member naming a discriminator that does not exist.
type Pick struct {
	// +unionDiscriminator
	Kind Kind `json:"kind"`
	// +unionMember=A
	// +unionDiscriminatedBy=Missing
	// +optional
	A *string `json:"a,omitempty"`
	// +unionMember=B
	// +optional
	B *string `json:"b,omitempty"`
}
