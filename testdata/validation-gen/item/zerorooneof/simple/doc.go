// Package simple reproduces validation-gen's output test item/zerorooneof/simple
// (cmd/validation-gen/output_tests/tags/item/zerorooneof/simple) in our own words: at most one of two list items (validation-gen's directory name keeps its typo).
// +k8s:validation-gen-nolint
package simple

// Struct's tasks hold at most one of the items named succeeded and failed.
type Struct struct {
	TypeMeta int

	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:item(name: "succeeded")=+k8s:zeroOrOneOfMember
	// +k8s:item(name: "failed")=+k8s:zeroOrOneOfMember
	Tasks []Task `json:"tasks"`
}

type Task struct {
	Name  string `json:"name"`
	State string `json:"state"`
}
