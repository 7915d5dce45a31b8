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

// Pick mixes KEP-1027 and declarative markers.
type Pick struct {
	// +unionDiscriminator
	Kind Kind `json:"kind"`
	// +unionMember=A
	// +optional
	A *string `json:"a,omitempty"`
	// +k8s:unionMember
	// +optional
	B *string `json:"b,omitempty"`
}
