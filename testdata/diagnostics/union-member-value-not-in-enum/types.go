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

// Pick has a member whose value is not an enum value.
type Pick struct {
	// +unionDiscriminator
	Kind Kind `json:"kind"`
	// +unionMember=A
	// +optional
	A *string `json:"a,omitempty"`
	// +unionMember=C
	// +optional
	C *string `json:"c,omitempty"`
}
