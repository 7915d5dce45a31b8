package broken

import "example.com/elsewhere/tasks"

// Run's list-item union is over items of a package that is not available.
type Run struct {
	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:item(name: "succeeded")=+k8s:unionMember
	// ^@5 union/item-member
	// +k8s:item(name: "failed")=+k8s:unionMember
	// +optional
	Tasks []tasks.Task `json:"tasks,omitempty"`
	//       ^@10 resolve/package-not-found
}
