package broken

// Inner holds one of the members.
type Inner struct {
	// +optional
	Name *string `json:"name,omitempty"`
}

// Nested names a field of a field: controller-gen rejects it ("cannot reference nested fields").
// +kubebuilder:validation:AtMostOneOf=inner.name;other
//                                     ^^^^^^^^^^^^^^^^ union/unknown-member
type Nested struct {
	// +optional
	Inner *Inner `json:"inner,omitempty"`
	// +optional
	Other *string `json:"other,omitempty"`
}
