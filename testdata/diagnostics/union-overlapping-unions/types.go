package api

// Pick has a field in two unions.
type Pick struct {
	// +k8s:unionMember(union: "one")
	// +k8s:zeroOrOneOfMember(union: "two")
	// +optional
	A *string `json:"a,omitempty"`
	// +k8s:unionMember(union: "one")
	// +optional
	B *string `json:"b,omitempty"`
	// +k8s:zeroOrOneOfMember(union: "two")
	// +optional
	C *string `json:"c,omitempty"`
}
