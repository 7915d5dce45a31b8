// Package inlinemember: an inlined member (`json:",inline"`) has no JSON name either;
// validation-gen fails with "field ... is a union member but has no JSON name".
package inlinemember

type Struct struct {
	// +k8s:unionMember
	// +k8s:optional
	*Inner `json:",inline"`

	// +k8s:unionMember
	// +k8s:optional
	M2 *string `json:"m2"`
}

type Inner struct {
	X string `json:"x"`
}
