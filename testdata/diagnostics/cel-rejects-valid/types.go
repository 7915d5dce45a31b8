// Package v1 has a union whose member the API server always sets (it has a default), so
// the union's count rule would reject every object that sets the other member.
package v1

// Throttle is an at-most-one union with a defaulted member.
type Throttle struct {
//   ^^^^^^^^ cel/rejects-valid
	// +k8s:zeroOrOneOfMember
	// +default="fast"
	// +optional
	Mode string `json:"mode,omitempty"`
	// +k8s:zeroOrOneOfMember
	// +optional
	Limit *int32 `json:"limit,omitempty"`
}
