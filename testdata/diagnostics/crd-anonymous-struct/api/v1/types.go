// +groupName=example.com
package v1

// Widget is the CRD kind.
// +kubebuilder:object:root=true
type Widget struct {
	Spec WidgetSpec `json:"spec,omitempty"`
}

// WidgetSpec has an anonymous struct field: controller-gen refuses it.
type WidgetSpec struct {
	Size struct {
		// ^@2 crd/anonymous-struct
		Width int `json:"width"`
	} `json:"size"`
}

// Other is not a CRD kind: its anonymous struct is nothing to `crd`.
type Other struct {
	Spec struct {
		Class string `json:"class"`
	} `json:"spec"`
}
