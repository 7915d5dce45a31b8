// +groupName=example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Widget is a kind.
// +kubebuilder:validation:XValidation:rule="self.spec.name != 'x' || self.spec.count == 1.0"
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec WidgetSpec `json:"spec"`
}

// WidgetSpec holds rules.
type WidgetSpec struct {
	// +kubebuilder:validation:MaxLength=64
	// +kubebuilder:validation:XValidation:rule="self.noSuchFunction() == 1"
	// ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ cel/does-not-compile
	// +kubebuilder:validation:XValidation:rule="self.size() == 'a'"
	// ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ cel/does-not-compile
	// +kubebuilder:validation:XValidation:rule="self.startsWith('a') && self.lowerAscii() == self"
	// +kubebuilder:validation:XValidation:rule="!isURL(self) || url(self).getScheme() == 'https'"
	// +kubebuilder:validation:XValidation:rule="self.matches('^[a-z]+$') && self.find('a') != ''"
	Name string `json:"name,omitempty"`

	// +kubebuilder:validation:XValidation:rule="self == oldSelf"
	// +kubebuilder:validation:XValidation:rule="self != 'x' || self.size() >= 1"
	Kind string `json:"kind,omitempty"`

	// +kubebuilder:validation:XValidation:rule="self.?name.orValue('') != 'x'"
	// +kubebuilder:validation:XValidation:rule="has(self.name) || self == oldSelf"
	Options Options `json:"options,omitempty"`

	Count int32 `json:"count,omitempty"`
}

// Options are optional.
type Options struct {
	Name string `json:"name,omitempty"`
}
