// Package typedef reproduces validation-gen's output test item/union/typedef
// (cmd/validation-gen/output_tests/tags/item/union/typedef) in our own words: list-item union markers on a list type.
// +k8s:validation-gen-nolint
package typedef

// Struct uses the list type.
type Struct struct {
	TypeMeta int

	Tasks TaskList `json:"tasks"`
}

// TaskList holds exactly one of the items named succeeded and failed.
// +k8s:listType=map
// +k8s:listMapKey=name
// +k8s:item(name: "succeeded")=+k8s:unionMember
// +k8s:item(name: "failed")=+k8s:unionMember
type TaskList []Task

type Task struct {
	Name  string `json:"name"`
	State string `json:"state"`
}
