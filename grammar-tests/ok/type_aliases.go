package alias

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Local aliases another local type.
type Local = Target

// Remote aliases a type from another package.
type Remote = metav1.Time

// Ptr aliases a pointer type.
type Ptr = *Target

// GenericAlias instantiates a generic type.
type GenericAlias = Box[string]

type Target struct{}
type Box[T any] struct{ V T }
