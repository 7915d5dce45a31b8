package v2

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// AnimalSpec defines the desired state of an Animal.
type AnimalSpec struct {
	// Species of the animal.
	Species string `json:"species"`

	// Legs the animal walks on.
	// +kubebuilder:validation:Minimum=0
	// +kubebuilder:validation:MultipleOf=2
	Legs int64 `json:"legs,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:resource:scope=Cluster,shortName=ani;an,categories=zoo
// +kubebuilder:deprecatedversion:warning="zoo.example.com/v2alpha1 Animal is deprecated"
// +kubebuilder:selectablefield:JSONPath=`.spec.species`

// Animal is one animal of the zoo.
type Animal struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec AnimalSpec `json:"spec,omitempty"`
}
