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

// Pick has a discriminator and no members.
type Pick struct {
	// +unionDiscriminator
	Kind Kind `json:"kind"`
	// Name is not a member.
	Name string `json:"name"`
}
