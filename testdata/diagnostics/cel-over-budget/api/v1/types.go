// Package v1 has a union struct as the item of a list without maxItems.
// +groupName=budget.example.com
package v1

// Backend is one place to send traffic.
type Backend struct {
	Name string `json:"name,omitempty"`
}

// Route sends traffic to exactly one backend.
type Route struct {
//   ^^^^^ cel/over-budget
	// +k8s:unionMember
	// +k8s:optional
	A *Backend `json:"a,omitempty"`
	// +k8s:unionMember
	// +k8s:optional
	B *Backend `json:"b,omitempty"`
	// +k8s:unionMember
	// +k8s:optional
	C *Backend `json:"c,omitempty"`
	// +k8s:unionMember
	// +k8s:optional
	D *Backend `json:"d,omitempty"`
	// +k8s:unionMember
	// +k8s:optional
	E *Backend `json:"e,omitempty"`
	// +k8s:unionMember
	// +k8s:optional
	F *Backend `json:"f,omitempty"`
}

// GatewaySpec holds routes without a bound.
type GatewaySpec struct {
	// +optional
	Routes []Route `json:"routes,omitempty"`
}

// Gateway is the CRD's kind.
// +kubebuilder:object:root=true
type Gateway struct {
	Spec GatewaySpec `json:"spec,omitempty"`
}
