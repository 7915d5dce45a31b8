// Package v1 holds a CRD-style API whose fields use types of vendored dependencies.
package v1

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// Gizmo is a custom resource.
type Gizmo struct {
	metav1.TypeMeta `json:",inline"`
	// Standard object metadata.
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Spec is what the user asks for.
	Spec GizmoSpec `json:"spec"`
}

// GizmoSpec describes a gizmo.
type GizmoSpec struct {
	// Image to run.
	Image string `json:"image"`

	// When to pull the image.
	// +optional
	PullPolicy corev1.PullPolicy `json:"pullPolicy,omitempty"`

	// Pull policies tried in order.
	// +optional
	Fallbacks []corev1.PullPolicy `json:"fallbacks,omitempty"`

	// Protocol per port name.
	// +optional
	Protocols map[string]corev1.Protocol `json:"protocols,omitempty"`

	// Secret used to pull the image.
	// +optional
	PullSecret *corev1.LocalObjectReference `json:"pullSecret,omitempty"`

	// When the gizmo was last started.
	// +optional
	StartedAt metav1.Time `json:"startedAt,omitempty"`

	// How long a start may take.
	// +optional
	Timeout *metav1.Duration `json:"timeout,omitempty"`

	// Port to probe; the intstr package is not vendored (built-in table).
	// +optional
	ProbePort intstr.IntOrString `json:"probePort,omitempty"`
}
