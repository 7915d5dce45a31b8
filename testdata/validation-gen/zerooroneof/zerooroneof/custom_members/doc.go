// Package custommembers reproduces validation-gen's output test zerooroneof/zerooroneof/custom_members
// (cmd/validation-gen/output_tests/tags/zerooroneof/zerooroneof/custom_members) in our own words: memberName on zero-or-one members (validation-gen drops it).
// +k8s:validation-gen-nolint
package custommembers

// Struct's zero-or-one members carry custom names.
type Struct struct {
	TypeMeta int

	// +k8s:zeroOrOneOfMember(memberName: "CustomM1")
	// +k8s:optional
	M1 *M1 `json:"m1"`

	// +k8s:zeroOrOneOfMember(memberName: "CustomM2")
	// +k8s:optional
	M2 *M2 `json:"m2"`
}

type M1 struct{}

type M2 struct{}
