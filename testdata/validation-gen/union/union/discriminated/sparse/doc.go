// Package sparse reproduces validation-gen's output test union/union/discriminated/sparse
// (cmd/validation-gen/output_tests/tags/union/union/discriminated/sparse) in our own words: a discriminator value (M2) without a member.
// +k8s:validation-gen-nolint
package sparse

// Struct has a member for M1 only.
type Struct struct {
	TypeMeta int

	// +k8s:unionDiscriminator
	D D `json:"d"`

	// +k8s:unionMember
	// +k8s:optional
	M1 *M1 `json:"m1"`
}

type D string

const (
	DM1 D = "M1"
	DM2 D = "M2"
)

type M1 struct{}
