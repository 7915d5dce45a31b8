// Package v1 has union members whose JSON names Kubernetes' CEL cannot name.
package v1

// Port is an undiscriminated union with a member that starts with a digit.
type Port struct {
//   ^^^^ cel/unenforceable
	// +k8s:unionMember
	// +k8s:optional
	First *int32 `json:"1st,omitempty"`
	// +k8s:unionMember
	// +k8s:optional
	Second *int32 `json:"second,omitempty"`
}

// Kind selects a member of Target.
// +enum
type Kind string

const (
	KindA Kind = "A"
	KindB Kind = "B"
)

// Target is a discriminated union with a member whose name has a colon.
type Target struct {
//   ^^^^^^ cel/unenforceable
	// +unionDiscriminator
	// +required
	Kind Kind `json:"kind"`
	// +unionMember
	// +optional
	A *string `json:"a:b,omitempty"`
	// +unionMember
	// +optional
	B *string `json:"b,omitempty"`
}
