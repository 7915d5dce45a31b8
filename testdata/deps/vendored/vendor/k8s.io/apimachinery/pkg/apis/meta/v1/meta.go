// Package v1 is a small stand-in for apimachinery's meta types, written for union-gen's tests.
package v1

// TypeMeta carries the kind and API version.
type TypeMeta struct {
	// Kind of the object.
	// +optional
	Kind string `json:"kind,omitempty"`
	// APIVersion of the object.
	// +optional
	APIVersion string `json:"apiVersion,omitempty"`
}

// ObjectMeta is the metadata every stored object has.
type ObjectMeta struct {
	// Name of the object.
	// +optional
	Name string `json:"name,omitempty"`
	// Labels of the object.
	// +optional
	Labels map[string]string `json:"labels,omitempty"`
	// When the object was created.
	// +optional
	CreationTimestamp Time `json:"creationTimestamp,omitempty"`
	// Objects this one depends on.
	// +optional
	OwnerReferences []OwnerReference `json:"ownerReferences,omitempty"`
}

// OwnerReference points at an owning object.
type OwnerReference struct {
	// Kind of the owner.
	Kind string `json:"kind"`
	// Name of the owner.
	Name string `json:"name"`
}
