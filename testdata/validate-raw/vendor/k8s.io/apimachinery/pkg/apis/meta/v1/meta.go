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
	// Namespace of the object.
	// +optional
	Namespace string `json:"namespace,omitempty"`
	// Labels of the object.
	// +optional
	Labels map[string]string `json:"labels,omitempty"`
}
