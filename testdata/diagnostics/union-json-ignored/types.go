package api

// Pick has a member that is never serialised.
type Pick struct {
	// +k8s:unionMember
	// +optional
	A *string `json:"a,omitempty"`
	// +k8s:unionMember
	// +optional
	B *string `json:"-"`
}
