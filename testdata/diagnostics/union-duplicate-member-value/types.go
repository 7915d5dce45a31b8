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

// Pick has two members with the same value.
type Pick struct {
	// +unionDiscriminator
	Kind Kind `json:"kind"`
	// +unionMember=A
	// +optional
	A *string `json:"a,omitempty"`
	// +unionMember=A
	// +optional
	Alt *string `json:"alt,omitempty"`
}
