package api

// Kind selects a member.
// +enum
type Kind string

const (
	// KindA selects A.
	KindA Kind = "A"
	// KindB selects B.
	KindB Kind = "B"
	// KindC selects C.
	KindC Kind = "C"
)

// Pick has two discriminators and a member that does not say which.
type Pick struct {
	// +unionDiscriminator
	Kind Kind `json:"kind"`
	// +unionDiscriminator
	Other Kind `json:"other"`
	// +unionMember
	// +unionDiscriminatedBy=Kind
	// +optional
	A *string `json:"a,omitempty"`
	// +unionMember
	// +unionDiscriminatedBy=Other
	// +optional
	B *string `json:"b,omitempty"`
	// +unionMember
	// +optional
	C *string `json:"c,omitempty"`
}
