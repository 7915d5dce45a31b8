// Package inlinenamedmember: a named member tagged `json:",inline"`. encoding/json writes it
// as "M1", but gengo reads it as inlined, without a JSON name, and validation-gen fails with
// "field ... is a union member but has no JSON name".
package inlinenamedmember

type Struct struct {
	// +k8s:unionMember
	// +k8s:optional
	M1 *string `json:",inline"`

	// +k8s:unionMember
	// +k8s:optional
	M2 *string `json:"m2"`
}
