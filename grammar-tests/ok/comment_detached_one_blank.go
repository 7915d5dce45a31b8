package doccase

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

// Gadget is documented here, with markers one blank line above.
// +k8s:openapi-gen=true
type Gadget struct {
	Size int `json:"size"`
}
