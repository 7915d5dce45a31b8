// Package untaggedmember: members without any json tag are fine for validation-gen: their
// JSON name is the Go field name.
package untaggedmember

type Struct struct {
	// +k8s:unionMember
	// +k8s:optional
	First *string

	// +k8s:unionMember
	// +k8s:optional
	Second *string
}
