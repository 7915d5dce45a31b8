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

// Pick has a required member.
type Pick struct {
	// +unionDiscriminator
	Kind Kind `json:"kind"`
	// +unionMember
	A *string `json:"a"`
	// +unionMember
	// +optional
	B *string `json:"b,omitempty"`
}
