// Package v1 holds a kind whose fields are runtime.RawExtension, runtime.Unknown,
// apiextensionsv1.JSON and a dependency's `+enum` type: `validate --packages` gives them the
// schemas controller-gen writes into the kind's CRD (crd.yaml beside it).
// +groupName=example.com
package v1

import (
	corev1 "k8s.io/api/core/v1"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// Mode is the project's own enum: its list is enforced.
// +enum
type Mode string

const (
	// ModeFast is fast.
	ModeFast Mode = "Fast"
	// ModeSlow is slow.
	ModeSlow Mode = "Slow"
)

// WidgetSpec holds embedded objects and values of any shape.
type WidgetSpec struct {
	// Extension is an embedded object of any kind.
	// +optional
	Extension runtime.RawExtension `json:"extension,omitempty"`
	// Extensions are more of them.
	// +optional
	Extensions []runtime.RawExtension `json:"extensions,omitempty"`
	// Unknown is an object of an unregistered type.
	// +optional
	Unknown *runtime.Unknown `json:"unknown,omitempty"`
	// Value is any JSON value.
	// +optional
	Value *apiextensionsv1.JSON `json:"value,omitempty"`
	// Values maps names to any JSON values.
	// +optional
	Values map[string]apiextensionsv1.JSON `json:"values,omitempty"`
	// Mode is the project's own enum.
	// +optional
	Mode Mode `json:"mode,omitempty"`
	// PullPolicy is a dependency's enum: informational, as in the CRD controller-gen writes.
	// +optional
	PullPolicy corev1.PullPolicy `json:"pullPolicy,omitempty"`
	// Containers embed a dependency's struct with an enum field.
	// +optional
	Containers []corev1.Container `json:"containers,omitempty"`
}

// Widget is the kind.
// +kubebuilder:object:root=true
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              WidgetSpec `json:"spec,omitempty"`
}
