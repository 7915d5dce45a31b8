// Package v1 holds a kind whose types reach example.com/used (and, through it,
// example.com/used/deeper), and a type no kind reaches that names example.com/unused.
// +groupName=reach.example.com
package v1

import (
	"example.com/unused"
	"example.com/used"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Widget is a kind.
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec used.Spec `json:"spec"`
}

// Helper is no kind, and no kind reaches it.
type Helper struct {
	Client unused.Client `json:"client"`
}
