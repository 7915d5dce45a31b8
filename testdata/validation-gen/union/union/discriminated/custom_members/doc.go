// Package custommembers reproduces validation-gen's output test union/union/discriminated/custom_members
// (cmd/validation-gen/output_tests/tags/union/union/discriminated/custom_members) in our own words: memberName sets the discriminator value.
// +k8s:validation-gen-nolint
package custommembers

// Struct's members are selected by custom values.
type Struct struct {
	TypeMeta int

	// +k8s:unionDiscriminator
	D D `json:"d"`

	// +k8s:unionMember(memberName: "CustomM1")
	// +k8s:optional
	M1 *M1 `json:"m1"`

	// +k8s:unionMember(memberName: "CustomM2")
	// +k8s:optional
	M2 *M2 `json:"m2"`
}

type D string

const (
	DM1 D = "CustomM1"
	DM2 D = "CustomM2"
)

type M1 struct{}

type M2 struct{}
