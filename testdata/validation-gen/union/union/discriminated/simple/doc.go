// Package simple reproduces validation-gen's output test union/union/discriminated/simple
// (cmd/validation-gen/output_tests/tags/union/union/discriminated/simple) in our own words: a discriminated union with pointer, slice and map members.
// +k8s:validation-gen-nolint
package simple

// Struct has one unnamed discriminated union.
type Struct struct {
	TypeMeta int

	// +k8s:unionDiscriminator
	D D `json:"d"`

	// +k8s:unionMember
	// +k8s:optional
	M1 *M1 `json:"m1"`

	// +k8s:unionMember
	// +k8s:optional
	M2 *M2 `json:"m2"`

	// +k8s:unionMember
	// +k8s:optional
	M3 []string `json:"m3"`

	// +k8s:unionMember
	// +k8s:optional
	M4 map[string]string `json:"m4"`
}

// D is a plain string type (no enum marker), as in validation-gen's test.
type D string

const (
	DM1 D = "M1"
	DM2 D = "M2"
	DM3 D = "M3"
	DM4 D = "M4"
)

type M1 struct{}

type M2 struct{}
