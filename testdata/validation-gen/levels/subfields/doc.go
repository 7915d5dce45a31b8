// Package subfields reproduces validation-gen's output test levels/subfields
// (cmd/validation-gen/output_tests/tags/levels/subfields) in our own words: an alpha zero-or-one group declared with +k8s:subfield.
// +k8s:validation-gen-nolint
package subfields

// Struct declares the group of its field's type.
type Struct struct {
	TypeMeta int

	// +k8s:alpha=+k8s:subfield(z1)=+k8s:zeroOrOneOfMember
	// +k8s:alpha=+k8s:subfield(z2)=+k8s:zeroOrOneOfMember
	UnionField SubUnion `json:"unionField"`
}

// SubUnion carries no marker of its own.
type SubUnion struct {
	Z1 *int `json:"z1"`
	Z2 *int `json:"z2"`
}
