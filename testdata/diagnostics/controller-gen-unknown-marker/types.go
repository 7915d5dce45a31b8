// +groupName=example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Widget is a kind.
// +genclient
// +kubebuilder:object:root=true
// +kubebuilder:subresources:status
// ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ controller-gen/unknown-marker
// +kubebuilder:validation:ExactlyOneOf=spec;status
// ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ controller-gen/unknown-marker
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// +optional
	Spec *WidgetSpec `json:"spec,omitempty"`
	// +optional
	Status *WidgetSpec `json:"status,omitempty"`
}

// WidgetSpec holds the fields.
type WidgetSpec struct {
	// Name is misspelt twice over.
	// +kubebuilder:validation:MaxLenght=64
	// ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ controller-gen/unknown-marker
	// +optinal
	// ^^^^^^^^ controller-gen/unknown-marker
	Name string `json:"name,omitempty"`

	// Size has a name controller-gen never had.
	// +kubebuilder:validation:Frobnicate
	// ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ controller-gen/unknown-marker
	// +k8s:minimum=1
	Size int32 `json:"size"`

	// Age is a printer column's marker, read on a type only.
	// +kubebuilder:printcolumn:name="Age",type=date,JSONPath=".metadata.creationTimestamp"
	// ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ controller-gen/unknown-marker
	Age string `json:"age"`
}
