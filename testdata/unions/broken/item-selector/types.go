package broken

// Condition is one entry of a map-like list.
type Condition struct {
	Type   string `json:"type"`
	Name   string `json:"name"`
	Port   int32  `json:"port"`
	Status string `json:"status"`
}

// Status holds list-item union members validation-gen refuses to generate.
type Status struct {
	// Not a list.
	// +k8s:item(type: "A")=+k8s:unionMember
	// ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ union/item-selector
	// +k8s:optional
	Name *string `json:"name,omitempty"`

	// A list without list-map keys.
	// +k8s:listType=atomic
	// +k8s:item(type: "A")=+k8s:zeroOrOneOfMember
	// ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ union/item-selector
	// +k8s:item(type: "B")=+k8s:zeroOrOneOfMember
	// +k8s:optional
	Atomic []Condition `json:"atomic,omitempty"`

	// A selector without every key, and one item selected twice.
	// +k8s:listType=map
	// +k8s:listMapKey=type
	// +k8s:listMapKey=name
	// +k8s:item(type: "A")=+k8s:unionMember
	// ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ union/item-selector
	// +k8s:item(type: "A", name: "x")=+k8s:unionMember
	// +k8s:item(name: "x", type: "A")=+k8s:unionMember
	// ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ union/item-selector
	// +k8s:item(type: "B", name: "x")=+k8s:unionMember
	// +k8s:optional
	TwoKeys []Condition `json:"twoKeys,omitempty"`

	// A key that is not a string.
	// +k8s:listType=map
	// +k8s:listMapKey=port
	// +k8s:item(port: "80")=+k8s:zeroOrOneOfMember
	// ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ union/item-selector
	// +k8s:item(port: "443")=+k8s:zeroOrOneOfMember
	// +k8s:optional
	Ports []Condition `json:"ports,omitempty"`

	// A list item (a struct) as discriminator.
	// +k8s:listType=map
	// +k8s:listMapKey=type
	// +k8s:item(type: "D")=+k8s:unionDiscriminator
	// ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ union/item-selector
	// +k8s:item(type: "A")=+k8s:unionMember
	// +k8s:item(type: "B")=+k8s:unionMember
	// +k8s:optional
	Conditions []Condition `json:"conditions,omitempty"`
}
