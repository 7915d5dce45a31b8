// Package custommembers reproduces validation-gen's output test union/union/undiscriminated/custom_members
// (cmd/validation-gen/output_tests/tags/union/union/undiscriminated/custom_members) in our own words: memberName on undiscriminated members (validation-gen drops it).
// +k8s:validation-gen-nolint
package custommembers

// Struct's members carry custom names no discriminator reads.
type Struct struct {
	TypeMeta int

	// +k8s:unionMember(memberName: "CustomM1")
	// +k8s:optional
	M1 *M1 `json:"m1"`

	// +k8s:unionMember(memberName: "CustomM2")
	// +k8s:optional
	M2 *M2 `json:"m2"`
}

type M1 struct{}

type M2 struct{}
