// Package jsondashmember: a member without a JSON name (`json:"-"`); validation-gen fails
// with "field ... is a union member but has no JSON name".
package jsondashmember

type Struct struct {
	// +k8s:unionMember
	// +k8s:optional
	M1 *string `json:"-"`

	// +k8s:unionMember
	// +k8s:optional
	M2 *string `json:"m2"`
}
