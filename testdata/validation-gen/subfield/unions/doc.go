// Package unions reproduces validation-gen's output test subfield/unions
// (cmd/validation-gen/output_tests/tags/subfield/unions) in our own words: a discriminated union declared from the parent field with +k8s:subfield.
// +k8s:validation-gen-nolint
package unions

// Struct declares the union of its field's type.
type Struct struct {
	TypeMeta int

	// +k8s:subfield(d)=+k8s:unionDiscriminator
	// +k8s:subfield(m1)=+k8s:unionMember
	// +k8s:subfield(m2)=+k8s:unionMember
	Subfield SubStruct `json:"subfield"`
}

// SubStruct carries no marker of its own.
type SubStruct struct {
	D  string `json:"d"`
	M1 *int   `json:"m1,omitempty"`
	M2 *int   `json:"m2,omitempty"`
}
