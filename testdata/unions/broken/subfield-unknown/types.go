package broken

// Inner holds the members its parent field declares.
type Inner struct {
	M1 *int `json:"m1,omitempty"`
	M2 *int `json:"m2,omitempty"`
	M3 struct{} `json:"m3"`
	// ^@2 union/member-not-pointer error
}

// Status makes fields of a field's type members of a union, as validation-gen allows: the
// subfield names a field by its JSON name (none is `m4`), and the members obey the `k8s:`
// member rules (a non-pointer struct is not one).
type Status struct {
	// +k8s:subfield(m1)=+k8s:unionMember
	// +k8s:subfield(m2)=+k8s:unionMember
	// +k8s:subfield(m4)=+k8s:unionMember
	// ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ marker/malformed
	// +k8s:optional
	Inner *Inner `json:"inner,omitempty"`
}

// Holder's subfield union is checked like a struct's own.
type Holder struct {
	// +k8s:subfield(m1)=+k8s:unionMember
	// +k8s:subfield(m3)=+k8s:unionMember
	Inner Inner `json:"inner"`
}
