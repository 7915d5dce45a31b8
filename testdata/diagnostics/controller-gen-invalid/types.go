// +groupName=example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Widget is a kind.
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec WidgetSpec `json:"spec"`
}

// WidgetSpec holds a string with a numeric bound: controller-gen refuses it.
type WidgetSpec struct {
	// +kubebuilder:validation:Maximum=10
	Name string `json:"name"`
	// ^@2 controller-gen/invalid
}
