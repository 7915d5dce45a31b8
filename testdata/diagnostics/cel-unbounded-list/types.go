// Package v1 has list-item unions over a bounded and an unbounded list.
package v1

// Condition is one entry of a map-like list.
type Condition struct {
	Type   string `json:"type"`
	Status string `json:"status"`
}

// Unbounded's rule walks a list without maxItems.
type Unbounded struct {
//   ^^^^^^^^^ cel/unbounded-list
	// +k8s:listType=map
	// +k8s:listMapKey=type
	// +k8s:item(type: "Approved")=+k8s:zeroOrOneOfMember
	// +k8s:item(type: "Denied")=+k8s:zeroOrOneOfMember
	// +k8s:optional
	Conditions []Condition `json:"conditions,omitempty"`
}

// Bounded's list has maxItems: its rule costs little.
type Bounded struct {
	// +k8s:listType=map
	// +k8s:listMapKey=type
	// +k8s:validation:maxItems=16
	// +k8s:item(type: "Approved")=+k8s:zeroOrOneOfMember
	// +k8s:item(type: "Denied")=+k8s:zeroOrOneOfMember
	// +k8s:optional
	Conditions []Condition `json:"conditions,omitempty"`
}
