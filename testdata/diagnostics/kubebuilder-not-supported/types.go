// An `Enum` of numbers: controller-gen writes it into the CRD; the schema built from the Go
// types has no place for it yet.
// +groupName=example.com
package v1

// WidgetSpec is the spec.
type WidgetSpec struct {
	// +kubebuilder:validation:Enum=1;2;4
	//                              ^^^^^ kubebuilder/not-supported
	Level int32 `json:"level"`
}

// Widget is a kind.
// +kubebuilder:object:root=true
type Widget struct {
	APIVersion string     `json:"apiVersion,omitempty"`
	Kind       string     `json:"kind,omitempty"`
	Spec       WidgetSpec `json:"spec"`
}
