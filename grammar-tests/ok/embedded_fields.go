package fields

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Composite embeds several kinds of types.
type Composite struct {
	metav1.TypeMeta `json:",inline"`
	// ObjectMeta is embedded by pointer? no, by value here.
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Base
	*Extra `json:"extra,omitempty"`
	*metav1.Status
	Wrapper[string]
	Spec CompositeSpec `json:"spec"`
}

type Base struct{ ID string }
type Extra struct{ Note string }
type Wrapper[T any] struct{ Inner T }
type CompositeSpec struct{}
