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

// Pick has two discriminators and a member that does not say which.
type Pick struct {
	// +unionDiscriminator
	Kind Kind `json:"kind"`
	// +unionDiscriminator
	Other Kind `json:"other"`
	// +unionMember=A
	// +unionDiscriminatedBy=Kind
	// +optional
	First *string `json:"first,omitempty"`
	// +unionMember=B
	// +optional
	Second *string `json:"second,omitempty"`
	// +unionMember=A
	// +unionDiscriminatedBy=Other
	// +optional
	Third *string `json:"third,omitempty"`
}
