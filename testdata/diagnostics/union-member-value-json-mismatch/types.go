package api

// Kind selects a member.
// +enum
type Kind string

const (
	// KindAlpha selects alpha.
	KindAlpha Kind = "ALPHA"
)

// Pick has a custom value that only differs in case from the JSON name.
type Pick struct {
	// +unionDiscriminator
	Kind Kind `json:"kind"`
	// +unionMember=ALPHA
	// +optional
	Alpha *string `json:"alpha,omitempty"`
}
