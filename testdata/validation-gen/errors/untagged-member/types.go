// Package untaggedmember: a member without a json tag. encoding/json writes it as "First",
// but validation-gen fails with "field ... is a union member but has no JSON struct field
// tag".
package untaggedmember

type Struct struct {
	// +k8s:unionMember
	// +k8s:optional
	First *string

	// +k8s:unionMember
	// +k8s:optional
	Second *string `json:"second,omitempty"`
}
