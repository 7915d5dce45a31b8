// Package v1 has union structs as the items of lists, for the cost estimate of `crd`
// (tests/it/crd.rs writes the manifests).
// +groupName=budget.example.com
package v1

// Backend is one place to send traffic.
type Backend struct {
	Name string `json:"name,omitempty"`
}

// Route sends traffic to exactly one of six backends: its rule costs 12.
type Route struct {
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

// Pair is exactly one of two: its rule costs 4.
type Pair struct {
	// +k8s:unionMember
	// +k8s:optional
	Left *Backend `json:"left,omitempty"`
	// +k8s:unionMember
	// +k8s:optional
	Right *Backend `json:"right,omitempty"`
}

// GatewaySpec holds the lists.
type GatewaySpec struct {
	// +optional
	Routes []Route `json:"routes,omitempty"`
	// +optional
	Pairs []Pair `json:"pairs,omitempty"`
}

// Gateway is the CRD's kind.
// +kubebuilder:object:root=true
type Gateway struct {
	Spec GatewaySpec `json:"spec,omitempty"`
}
