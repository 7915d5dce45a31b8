// Package simple reproduces validation-gen's output test zerooroneof/zerooroneof/simple
// (cmd/validation-gen/output_tests/tags/zerooroneof/zerooroneof/simple) in our own words: at most one of four members.
// +k8s:validation-gen-nolint
package simple

// Struct has one unnamed zero-or-one group.
type Struct struct {
	TypeMeta int

	// +k8s:zeroOrOneOfMember
	// +k8s:optional
	M1 *M1 `json:"m1"`

	// +k8s:zeroOrOneOfMember
	// +k8s:optional
	M2 *M2 `json:"m2"`

	// +k8s:zeroOrOneOfMember
	// +k8s:optional
	M3 string `json:"m3"`

	// +k8s:zeroOrOneOfMember
	// +k8s:optional
	M4 *string `json:"m4"`
}

type M1 struct{}

type M2 struct{}
