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

// Pick is a union with two discriminators.
// +union
type Pick struct {
	// +unionDiscriminator
	// +optional
	Kind string `json:"kind,omitempty"`
	// +unionDiscriminator
	// +optional
	Other string `json:"other,omitempty"`
	// +optional
	A *string `json:"a,omitempty"`
}
