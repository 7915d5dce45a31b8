// +groupName=example.com
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	other "example.com/not-downloaded/api"
)

// Widget is a kind.
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec other.Spec `json:"spec"`
	//   ^^^^^^^^^^ controller-gen/unresolved
}
