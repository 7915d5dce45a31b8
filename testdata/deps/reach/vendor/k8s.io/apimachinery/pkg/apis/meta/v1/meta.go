// Package v1 is the least of metav1 a kind needs.
package v1

// TypeMeta describes an individual object in an API response or request.
type TypeMeta struct {
	Kind       string `json:"kind,omitempty"`
	APIVersion string `json:"apiVersion,omitempty"`
}

// ObjectMeta is metadata that all persisted resources must have.
type ObjectMeta struct {
	Name string `json:"name,omitempty"`
}
