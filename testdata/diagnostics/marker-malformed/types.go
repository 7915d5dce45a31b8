package api

// Backend has a member marker with an unclosed parenthesis.
type Backend struct {
	// Service is a member.
	// +k8s:unionMember(union: "x"
	//                 ^^^^^^^^^^^ marker/malformed
	// +optional
	Service *string `json:"service,omitempty"`
}
