// +groupName=example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Widget is a kind.
type Widget struct {
	//  ^^^^^^ cel/over-budget
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec WidgetSpec `json:"spec"`
}

// WidgetSpec holds lists.
type WidgetSpec struct {
	// Names are unbounded, and the rule compares every pair.
	// +kubebuilder:validation:XValidation:rule="self.all(x, self.exists(y, x == y))"
	// ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ cel/over-budget
	Names []string `json:"names"`

	// Tags are bounded.
	// +kubebuilder:validation:MaxItems=10
	// +kubebuilder:validation:items:MaxLength=20
	// +kubebuilder:validation:XValidation:rule="self.all(x, x.size() > 1)"
	Tags []string `json:"tags"`
}
