// Package embeddedmember: an embedded member without a JSON tag has no JSON name for
// validation-gen ("field ... is a union member but has no JSON name").
package embeddedmember

type Struct struct {
	// +k8s:unionMember
	// +k8s:optional
	*Inner

	// +k8s:unionMember
	// +k8s:optional
	M2 *string `json:"m2"`
}

type Inner struct {
	X string `json:"x"`
}
