package broken

// Inner holds the members its parent field declares.
type Inner struct {
	M1 *int `json:"m1,omitempty"`
	M2 *int `json:"m2,omitempty"`
}

// Status makes fields of a field's type members of a union, as validation-gen allows: not
// understood yet.
type Status struct {
	// +k8s:subfield(m1)=+k8s:unionMember
	// ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ union/item-member
	// +k8s:subfield(m2)=+k8s:unionMember
	// ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ union/item-member
	// +k8s:optional
	Inner *Inner `json:"inner,omitempty"`
}
