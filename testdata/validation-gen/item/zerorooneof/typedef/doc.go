// Package typedef reproduces validation-gen's output test item/zerorooneof/typedef
// (cmd/validation-gen/output_tests/tags/item/zerorooneof/typedef) in our own words: zero-or-one list-item markers on a list type.
// +k8s:validation-gen-nolint
package typedef

// Struct uses the list type.
type Struct struct {
	TypeMeta int

	Tasks TaskList `json:"tasks"`
}

// TaskList holds at most one of the items named succeeded and failed.
// +k8s:listType=map
// +k8s:listMapKey=name
// +k8s:item(name: "succeeded")=+k8s:zeroOrOneOfMember
// +k8s:item(name: "failed")=+k8s:zeroOrOneOfMember
type TaskList []Task

type Task struct {
	Name  string `json:"name"`
	State string `json:"state"`
}
