// Package simple reproduces validation-gen's output test union/union/undiscriminated/simple
// (cmd/validation-gen/output_tests/tags/union/union/undiscriminated/simple) in our own words: exactly one of six members of every nilable and primitive kind.
// +k8s:validation-gen-nolint
package simple

// Struct has one unnamed undiscriminated union and a field outside it.
type Struct struct {
	TypeMeta int

	NonUnionField string

	// +k8s:unionMember
	// +k8s:optional
	M1 *M1 `json:"m1"`

	// +k8s:unionMember
	// +k8s:optional
	M2 *M2 `json:"m2"`

	// +k8s:unionMember
	// +k8s:optional
	M3 string `json:"m3"`

	// +k8s:unionMember
	// +k8s:optional
	M4 *string `json:"m4"`

	// +k8s:unionMember
	// +k8s:optional
	M5 []string `json:"m5"`

	// +k8s:unionMember
	// +k8s:optional
	M6 map[string]string `json:"m6"`
}

type M1 struct{}

type M2 struct{}
