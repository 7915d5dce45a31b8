// Package multiple reproduces validation-gen's output test zerooroneof/zerooroneof/multiple
// (cmd/validation-gen/output_tests/tags/zerooroneof/zerooroneof/multiple) in our own words: two named zero-or-one groups.
// +k8s:validation-gen-nolint
package multiple

// Struct has groups union1 and union2.
type Struct struct {
	TypeMeta int

	// +k8s:zeroOrOneOfMember(union: "union1")
	// +k8s:optional
	U1M1 *M1 `json:"u1m1"`

	// +k8s:zeroOrOneOfMember(union: "union1")
	// +k8s:optional
	U1M2 *M2 `json:"u1m2"`

	// +k8s:zeroOrOneOfMember(union: "union2")
	// +k8s:optional
	U2M1 *M1 `json:"u2m1"`

	// +k8s:zeroOrOneOfMember(union: "union2")
	// +k8s:optional
	U2M2 *M2 `json:"u2m2"`
}

type M1 struct{}

type M2 struct{}
