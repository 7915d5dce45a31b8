// Package multiple reproduces validation-gen's output test union/union/discriminated/multiple
// (cmd/validation-gen/output_tests/tags/union/union/discriminated/multiple) in our own words: two named discriminated unions in one struct.
// +k8s:validation-gen-nolint
package multiple

// Struct has unions union1 and union2.
type Struct struct {
	TypeMeta int

	// +k8s:unionDiscriminator(union: "union1")
	D1 D `json:"d1"`

	// +k8s:unionMember(union: "union1")
	// +k8s:optional
	U1M1 *M1 `json:"u1m1"`

	// +k8s:unionMember(union: "union1")
	// +k8s:optional
	U1M2 *M2 `json:"u1m2"`

	// +k8s:unionDiscriminator(union: "union2")
	D2 D `json:"d2"`

	// +k8s:unionMember(union: "union2")
	// +k8s:optional
	U2M1 *M1 `json:"u2m1"`

	// +k8s:unionMember(union: "union2")
	// +k8s:optional
	U2M2 *M2 `json:"u2m2"`
}

type D string

const (
	U1M1 D = "U1M1"
	U1M2 D = "U1M2"
	U2M1 D = "U2M1"
	U2M2 D = "U2M2"
)

type M1 struct{}

type M2 struct{}
