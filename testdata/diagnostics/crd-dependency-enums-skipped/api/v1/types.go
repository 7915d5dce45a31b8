// Package v1 uses a dependency's +enum type; crd leaves its list out and says so.
// +groupName=skip.example.com
package v1

import corev1 "k8s.io/api/core/v1"

// Gizmo is the root type.
type Gizmo struct {
	// Effect of the gizmo.
	// +optional
	Effect corev1.TaintEffect `json:"effect,omitempty"`
}
