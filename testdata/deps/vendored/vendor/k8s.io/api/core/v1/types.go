// Package v1 is a small stand-in for the core API group, written for union-gen's tests.
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// PullPolicy says when an image is fetched.
// +enum
type PullPolicy string

const (
	// PullAlways fetches the image every time.
	PullAlways PullPolicy = "Always"
	// PullNever uses only local images.
	PullNever PullPolicy = "Never"
	// PullIfNotPresent fetches the image when it is missing locally.
	PullIfNotPresent PullPolicy = "IfNotPresent"
)

// Protocol is a network protocol.
// +enum
type Protocol string

// LocalObjectReference names an object in the same namespace.
type LocalObjectReference struct {
	// Name of the object.
	// +optional
	Name string `json:"name,omitempty"`
	// When the reference was recorded.
	// +optional
	Since metav1.Time `json:"since,omitempty"`
}

// Unreferenced is never used by the CRD and must not get a definition.
type Unreferenced struct {
	Value string `json:"value"`
}
