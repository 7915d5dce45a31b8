// Package v2: fields are optional unless marked (the package's default).
// +groupName=example.com
// +kubebuilder:validation:Optional
package v2

// GadgetSpec is the spec.
type GadgetSpec struct {
	// Optional by the package default, though it has no omitempty.
	Size int32 `json:"size"`

	// +kubebuilder:validation:Required
	// +kubebuilder:validation:MinLength=2
	Color string `json:"color"`
}

// Gadget is a kind.
// +kubebuilder:object:root=true
type Gadget struct {
	APIVersion string     `json:"apiVersion,omitempty"`
	Kind       string     `json:"kind,omitempty"`
	Spec       GadgetSpec `json:"spec"`
}
