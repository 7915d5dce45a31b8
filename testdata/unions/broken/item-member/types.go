package broken

// Condition is one entry of a map-like list.
type Condition struct {
	Type   string `json:"type"`
	Status string `json:"status"`
}

// Status makes list items members of a union, as validation-gen allows: not understood yet.
type Status struct {
	// +k8s:listType=map
	// +k8s:listMapKey=type
	// +k8s:item(type: "Approved")=+k8s:zeroOrOneOfMember
	// ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ union/item-member
	// +k8s:item(type: "Denied")=+k8s:zeroOrOneOfMember
	// ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ union/item-member
	// +k8s:optional
	Conditions []Condition `json:"conditions,omitempty"`
}
