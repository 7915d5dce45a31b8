// Package simple reproduces validation-gen's output test item/union/simple
// (cmd/validation-gen/output_tests/tags/item/union/simple) in our own words: exactly one of two list items, selected by list-map key.
// +k8s:validation-gen-nolint
package simple

// Struct's tasks hold exactly one of the items named succeeded and failed.
type Struct struct {
	TypeMeta int

	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:item(name: "succeeded")=+k8s:unionMember
	// +k8s:item(name: "failed")=+k8s:unionMember
	Tasks []Task `json:"tasks"`
}

type Task struct {
	Name  string `json:"name"`
	State string `json:"state"`
}
