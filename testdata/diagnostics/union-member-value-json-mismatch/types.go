package api

// Kind selects a member.
// +enum
type Kind string

const (
	// KindAlpha selects alpha.
	KindAlpha Kind = "Alpha"
	// KindOther selects nothing in particular.
	KindOther Kind = "Other"
)

// Pick has a custom member value that is not its JSON name in another case.
type Pick struct {
	// +unionDiscriminator
	Kind Kind `json:"kind"`
	// +unionMember=Other
	// +optional
	Alpha *string `json:"alpha,omitempty"`
}
