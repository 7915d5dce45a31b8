// Package v1 is a trimmed stand-in for apimachinery's meta/v1: only what the shop types use.
package v1

// TypeMeta describes an individual object in an API response or request.
type TypeMeta struct {
	// Kind is a string value representing the REST resource this object represents.
	// +optional
	Kind string `json:"kind,omitempty"`

	// APIVersion defines the versioned schema of this representation of an object.
	// +optional
	APIVersion string `json:"apiVersion,omitempty"`
}

// ObjectMeta is metadata that all persisted resources must have.
type ObjectMeta struct {
	// Name must be unique within a namespace.
	// +optional
	Name string `json:"name,omitempty"`

	// Namespace defines the space within which each name must be unique.
	// +optional
	Namespace string `json:"namespace,omitempty"`
}

// ListMeta describes metadata that synthetic resources must have.
type ListMeta struct {
	// +optional
	ResourceVersion string `json:"resourceVersion,omitempty"`
}
